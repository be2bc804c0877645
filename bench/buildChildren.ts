import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { build } from 'esbuild'

/** The compiled entries: the scenarios' child and the `postgres` scenario's node. */
export interface BuiltChildren {
  child: string
  node: string
}

/**
 * Compiles the bench's child entry (every contender, ours from source) and the `postgres`
 * scenario's node (`multiNode/benchNode.ts`) into `.build/`, once per `npm run bench`: the
 * children then run plain JavaScript, as a published package would, not TypeScript through tsx,
 * whose loader wraps every function made at run time to keep its name (an
 * `Object.defineProperty` each), a cost no user of the built library pays. Packages stay
 * external, loaded from node_modules as they are published.
 */
export async function buildChildren(here: string): Promise<BuiltChildren> {
  const outdir = join(here, '.build')
  // A fresh folder each time: split chunks are named by content and would pile up.
  rmSync(outdir, { recursive: true, force: true })
  await build({
    entryPoints: {
      child: join(here, 'child.ts'),
      benchNode: join(here, 'multiNode', 'benchNode.ts'),
    },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    keepNames: false,
    sourcemap: 'inline',
    logLevel: 'warning',
    outExtension: { '.js': '.mjs' },
  })
  return { child: join(outdir, 'child.mjs'), node: join(outdir, 'benchNode.mjs') }
}
