import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { repoRoot } from '../../app/server/ensureBuild.ts'

/** How a sample is tested: `run` runs it (after type-checking), `typecheck` only type-checks it. */
export type SampleMode = 'run' | 'typecheck'

/** One fenced code block of the README or a guide, with what its annotation says. */
export interface CodeSample {
  /** Where it is, as `docs/guide/runtime.md:42` (the line of the opening fence). */
  where: string
  lang: string
  code: string
  mode: SampleMode
  /** Code put before the sample, for a fragment that uses names from the text around it. */
  prelude: string
  /** The file a JSON sample is (`<!-- sample: mcp.json -->`), so the test reads it as that file. */
  names?: string
}

/** The Markdown a user reads: the README and the docs site's own pages (not generated ones). */
export function documentationFiles(): string[] {
  const docs = join(repoRoot, 'docs')
  const skip = /^(node_modules|reference|incoming|public|\.vitepress)(\/|$)/
  const pages = readdirSync(docs, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.md') && !skip.test(path))
    .map((path) => join('docs', path))
  return ['README.md', ...pages.sort()]
}

const fence = /^```(\w*)[^\n]*\n([\s\S]*?)^```\s*$/gm
// `<!-- sample: no-run (why) -->` type-checks without running; `with: <code>` adds a prelude.
const annotation = /<!--\s*sample:\s*([\s\S]*?)-->/g

/** Every fenced block of `file` (relative to the repository), with the annotations just before it. */
export function codeSamples(file: string, text = readFileSync(join(repoRoot, file), 'utf8')) {
  const samples: CodeSample[] = []
  let previousEnd = 0
  for (const match of text.matchAll(fence)) {
    const between = text.slice(previousEnd, match.index)
    previousEnd = match.index + match[0].length
    // Only comments with nothing but other comments between them and the fence count.
    const tail = between.slice(between.search(/(?:\s*<!--[\s\S]*?-->)*\s*$/))
    const notes = [...tail.matchAll(annotation)].map((m) => (m[1] ?? '').trim())
    const withNote = notes.find((note) => note.includes('with:'))
    const names = notes.find((note) => /^[\w.-]+\.json$/.test(note))
    samples.push({
      ...(names !== undefined && { names }),
      where: `${file}:${text.slice(0, match.index).split('\n').length}`,
      lang: match[1] ?? '',
      code: match[2] ?? '',
      mode: notes.some((note) => note.startsWith('no-run')) ? 'typecheck' : 'run',
      prelude: withNote ? withNote.slice(withNote.indexOf('with:') + 5).trim() : '',
    })
  }
  return samples
}

/** The samples of every documentation file. */
export function allCodeSamples(): CodeSample[] {
  return documentationFiles().flatMap((file) => codeSamples(file))
}

/** A repository path for `path` written relative to the repository root. */
export const repoPath = (path: string) => relative(repoRoot, join(repoRoot, path))
