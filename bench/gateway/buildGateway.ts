import { readFile, rm } from 'node:fs/promises'
import { dirname, extname, join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import { build, type Plugin } from 'esbuild'

// A bundle runs from another folder than its sources: each of our modules keeps its own
// import.meta (the card page and the migrations are found next to the source).
const ownImportMeta = (root: string): Plugin => ({
  name: 'own-import-meta',
  setup(b) {
    b.onLoad({ filter: /\.(?:[cm]?ts|tsx)$/ }, async ({ path }) => {
      if (relative(root, path).startsWith('node_modules')) return undefined
      const text = await readFile(path, 'utf8')
      const contents = text
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(path).href))
        .replaceAll('import.meta.dirname', JSON.stringify(dirname(path)))
        .replaceAll('import.meta.filename', JSON.stringify(path))
      return { contents, loader: extname(path) === '.tsx' ? 'tsx' : 'ts' }
    })
  },
})

/**
 * Compiles `studypulse-gateway` (app/gateway/main.ts) to plain JavaScript under the repository's
 * `.scratch/` (so packages resolve from its node_modules, as the installed package's do), split at
 * its dynamic imports as the published dist/ is: what a gateway loads only when asked stays
 * unloaded in the bench too. Returns the entry's path.
 */
export async function buildGateway(root: string): Promise<string> {
  const outdir = join(root, '.scratch', 'bench-gateway')
  // Fresh each time: split chunks are named by content and would pile up.
  await rm(outdir, { recursive: true, force: true })
  await build({
    absWorkingDir: root,
    entryPoints: { main: join(root, 'app/gateway/main.ts') },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    logLevel: 'error',
    outExtension: { '.js': '.mjs' },
    plugins: [ownImportMeta(root)],
  })
  return join(outdir, 'main.mjs')
}
