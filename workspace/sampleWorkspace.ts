import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { writeFileAtomic } from './atomicWrite.ts'
import { pathExists } from './pathExists.ts'
import type { StudyWorkspace } from './StudyWorkspace.ts'
import { addSampleRecords, sampleSources } from './sampleData.ts'
import { WorkspaceError } from './WorkspaceError.ts'

export { addSampleRecords, sampleSources } from './sampleData.ts'

/**
 * Fills `ws` with the Biology 101 sample: three sources (written into `sourcesDir`), a notebook,
 * two tasks and a memory; skips what exists.
 */
export async function writeSamples(ws: StudyWorkspace, sourcesDir: string): Promise<void> {
  await writeSampleSources(sourcesDir)
  await addSampleRecords(ws)
}

/** Writes the Biology 101 sample's three sources into `sourcesDir`; never over a file there. */
export async function writeSampleSources(sourcesDir: string): Promise<void> {
  await mkdir(sourcesDir, { recursive: true }).catch((error: unknown) => {
    throw WorkspaceError.io('could not create sources/', error, 'sources')
  })
  for (const [name, text] of Object.entries(sampleSources)) {
    // Never overwrite a source the user may have edited.
    if (!(await pathExists(join(sourcesDir, name))))
      await writeFileAtomic(join(sourcesDir, name), text)
  }
}
