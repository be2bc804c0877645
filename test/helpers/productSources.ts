import { readdirSync } from 'node:fs'
import { join, relative } from 'node:path'

/** The repository's root. */
export const repoRoot = join(import.meta.dirname, '../..')

/** The product's folders: every one a person or a host runs (not `test/`, not `bench/`). */
export const productFolders = [
  'vocabulary',
  'workspace',
  'models',
  'tools',
  'store',
  'machines',
  'runtime',
  'ui',
  'app',
] as const

/** The TypeScript files under `folders` (repository paths, sorted), and the entry points if asked. */
export function productSources(
  folders: readonly string[] = productFolders,
  { entryPoints = false }: { entryPoints?: boolean } = {},
): string[] {
  const files: string[] = []
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else if (/\.tsx?$/.test(entry.name)) files.push(relative(repoRoot, path))
    }
  }
  for (const folder of folders) walk(join(repoRoot, folder))
  if (entryPoints) {
    for (const entry of readdirSync(repoRoot, { withFileTypes: true }))
      if (entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.includes('.config.'))
        files.push(entry.name)
  }
  return files.sort()
}
