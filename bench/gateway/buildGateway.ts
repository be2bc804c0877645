import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { build } from 'esbuild'
import { ownSourcesBuild } from '../../test/helpers/scriptBundles.ts'

/**
 * Compiles `studypulse-gateway` (app/gateway/main.ts) to plain JavaScript under the repository's
 * `.scratch/` (so packages resolve from its node_modules, as the installed package's do), split at
 * its dynamic imports as the published dist/ is: what a gateway loads only when asked stays
 * unloaded in the bench too. Bundled as the tests bundle the scripts they start. Returns the
 * entry's path.
 */
export async function buildGateway(root: string): Promise<string> {
  const outdir = join(root, '.scratch', 'bench-gateway')
  // Fresh each time: split chunks are named by content and would pile up.
  await rm(outdir, { recursive: true, force: true })
  await build({
    ...ownSourcesBuild(root),
    entryPoints: { main: join(root, 'app/gateway/main.ts') },
    outdir,
    splitting: true,
  })
  return join(outdir, 'main.mjs')
}
