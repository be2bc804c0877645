import { mkdir, readFile, rm } from 'node:fs/promises'
import { dirname, extname, join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import { type BuildOptions, build, type Plugin } from 'esbuild'

/**
 * The TypeScript files tests start as child processes, by path from the repository's root. Each is
 * bundled once per run (our sources inlined, packages left to Node), so a child starts as plain
 * `node` instead of through tsx's module hooks: tsx resolved and loaded every module of the
 * child's graph through an off-thread hook, 1.5–2 s of CPU per child before it did anything, and the
 * suite starts a few hundred children. Tests that check the commands a person types (`npm start`,
 * `npm run chat`, the guides' lines) keep starting them through tsx, as people do.
 */
export const bundledScripts = [
  'app/audit.ts',
  'app/gateway/main.ts',
  'bench/raceWorker.ts',
  'test/app/soakServerChild.ts',
  'test/helpers/fixtures/whereAmI.ts',
  'test/helpers/verifyReceiptChild.ts',
  'test/machines/durable/oneCommitChild.ts',
  'test/machines/durable/soakChild.ts',
  'test/machines/durable/twoProcessChild.ts',
  'test/machines/multiNode/nodeChild.ts',
  'test/machines/multiNode/soakNodeChild.ts',
  'test/store/auditChild.ts',
  'test/store/claimChild.ts',
  'test/tools/fixtures/validateInChild.ts',
  'test/workspace/concurrentWriter.ts',
  'test/workspace/versionedWriter.ts',
] as const

// A bundle runs from another folder than its sources: each of our modules keeps its own
// import.meta (the page, the migrations and the worker entries are found next to the source).
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
 * esbuild's options for our TypeScript as plain Node JavaScript (`.mjs`): our sources inlined, each
 * keeping its own import.meta, packages left to Node (resolved from the repository's node_modules,
 * so the output goes inside it). The bench's gateway build (bench/gateway/buildGateway.ts) uses
 * them too.
 */
export function ownSourcesBuild(root: string): BuildOptions {
  return {
    absWorkingDir: root,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'error',
    plugins: [ownImportMeta(root)],
  }
}

/** Bundles every script above into `outDir` (inside the repository, so packages resolve from it). */
export async function bundleScripts(root: string, outDir: string): Promise<void> {
  await rm(outDir, { recursive: true, force: true })
  await mkdir(outDir, { recursive: true })
  await build({
    ...ownSourcesBuild(root),
    entryPoints: bundledScripts.map((file) => join(root, file)),
    outbase: root,
    outdir: outDir,
  })
}
