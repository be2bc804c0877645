import { readdir, stat } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository root (where `vite.config.ts` is). */
export const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)))

// The page is built from `ui/` and what it imports: the statechart it draws (and the folders that
// imports from), and the records, versions and run-list types it reads.
const sourceDirs = ['ui', 'machines', 'models', 'tools', 'workspace', 'store', 'vocabulary']
const sourceFiles = ['vite.config.ts', 'package.json']

/** Builds the page with Vite into `outDir` when `index.html` is missing or older than a source; returns whether it built. */
export async function ensureBuild(
  outDir = join(repoRoot, 'dist-page'),
  log: (line: string) => void = () => {},
): Promise<boolean> {
  const built = await mtime(join(outDir, 'index.html'))
  if (built !== undefined && built >= (await newestSource())) return false
  log(built === undefined ? 'building the page…' : 'the page is out of date; rebuilding…')
  const { build } = await import('vite')
  await build({
    configFile: join(repoRoot, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  })
  return true
}

async function newestSource(): Promise<number> {
  let newest = 0
  for (const file of sourceFiles)
    newest = Math.max(newest, (await mtime(join(repoRoot, file))) ?? 0)
  for (const dir of sourceDirs) {
    for (const entry of await readdir(join(repoRoot, dir), {
      recursive: true,
      withFileTypes: true,
    })) {
      if (entry.isFile())
        newest = Math.max(newest, (await mtime(join(entry.parentPath, entry.name))) ?? 0)
    }
  }
  return newest
}

async function mtime(path: string): Promise<number | undefined> {
  try {
    return (await stat(path)).mtimeMs
  } catch {
    return undefined
  }
}
