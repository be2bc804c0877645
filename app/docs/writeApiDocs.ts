import { writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { apiMarkdown } from './apiMarkdown.ts'

/** Where the API reference lives, relative to the repository. */
export const apiDocsFile = fileURLToPath(new URL('../../docs/api.md', import.meta.url))

// `npm run docs:api`: regenerate docs/api.md from the route table and the schemas.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFile(apiDocsFile, apiMarkdown())
  console.log(`wrote ${apiDocsFile}`)
}
