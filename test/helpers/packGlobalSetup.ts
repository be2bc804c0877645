import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A folder of this run's own where the first test file that needs the tarball packs it. */
    packDir: string
  }
}

/**
 * Vitest global setup: a fresh, empty folder for this run's `npm pack` (test/package/packedTarball.ts).
 * Nothing is packed here, so a run of one unrelated file pays nothing; the folder is this run's,
 * so a tarball of an earlier run's sources is never reused.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'studypulse-pack-'))
  project.provide('packDir', dir)
  return () => rm(dir, { recursive: true, force: true })
}
