import { existsSync } from 'node:fs'
import { join, relative } from 'node:path'
import { inject } from 'vitest'
import { repoRoot } from '../../app/server/ensureBuild.ts'
import { bundledScripts } from './scriptBundles.ts'

/**
 * The arguments after `node` that run one of our TypeScript files in a child process: its bundle
 * from this run's global setup (test/helpers/scriptBundleGlobalSetup.ts) when there is one, else
 * the file itself through tsx. Both run the same sources; the bundle only starts faster.
 */
export function nodeScript(file: string): string[] {
  const path = relative(repoRoot, file)
  const dir = inject('scriptBundleDir')
  if (dir && (bundledScripts as readonly string[]).includes(path)) {
    const bundle = join(dir, path.replace(/\.tsx?$/, '.mjs'))
    if (existsSync(bundle)) return [bundle]
  }
  return ['--import', 'tsx', file]
}
