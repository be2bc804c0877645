import { readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { ARTIFACTS_DIR } from './artifactFiles.ts'
import { isAtomicTempName } from './atomicWrite.ts'
import { CHANGES_DIR } from './changes/folderChanges.ts'

/**
 * Every folder the workspace itself writes with `writeFileAtomic`, relative to the root: the root
 * (tasks, memory, notebooks, rules, marker), `artifacts/` (save_artifact), `sources/` (the
 * samples) and `changes/` (the kept changes undo reads). `runs/` belongs to the run store, which
 * sweeps it itself.
 */
export const workspaceWrittenFolders: readonly string[] = [
  '',
  ARTIFACTS_DIR,
  'sources',
  CHANGES_DIR,
]

/**
 * Removes temp files a killed process left behind mid-write in every folder the workspace writes;
 * returns their paths relative to the root. Call at start-up only, before anything writes.
 */
export async function sweepWorkspaceTempFiles(root: string): Promise<string[]> {
  const removed: string[] = []
  for (const folder of workspaceWrittenFolders) {
    const names = await readdir(join(root, folder)).catch(() => [] as string[])
    for (const name of names) {
      if (!isAtomicTempName(name)) continue
      await rm(join(root, folder, name), { force: true })
      removed.push(folder === '' ? name : `${folder}/${name}`)
    }
  }
  return removed
}
