import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { repoRoot } from '../../app/server/ensureBuild.ts'
import { bundleScripts } from './scriptBundles.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where this run's bundles of child scripts are (empty when watching: children use tsx). */
    scriptBundleDir: string
  }
}

/**
 * Vitest global setup: bundles the scripts tests start as children (test/helpers/scriptBundles.ts)
 * once, before any file runs. The folder is under node_modules/.cache, so a bundle's package imports
 * resolve from the repository, and is this run's own. In watch mode nothing is bundled: a bundle
 * made at the start would go stale as sources change, and tsx reads them afresh.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.config.watch) {
    project.provide('scriptBundleDir', '')
    return async () => {}
  }
  const dir = join(repoRoot, 'node_modules', '.cache', 'studypulse-scripts', String(process.pid))
  await bundleScripts(repoRoot, dir)
  project.provide('scriptBundleDir', dir)
  return () => rm(dir, { recursive: true, force: true })
}
