import { readdir, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { ARTIFACTS_DIR } from './artifactFiles.ts'
import { isAtomicTempName } from './atomicWrite.ts'
import { CHANGES_DIR } from './changes/folderChanges.ts'
import { plainFolder } from './plainFolder.ts'
import { exportFolder } from './sqlite/exportRecords.ts'

/**
 * Every folder the workspace itself writes with `writeFileAtomic`, relative to the root: the root
 * (tasks, memory, notebooks, rules, marker), `artifacts/` (save_artifact), `sources/` (the
 * samples), `changes/` (the kept changes undo reads) and `export/` (`npm run export`). `runs/`
 * belongs to the run store, which sweeps it itself.
 */
export const workspaceWrittenFolders: readonly string[] = [
  '',
  ARTIFACTS_DIR,
  'sources',
  CHANGES_DIR,
  exportFolder,
]

/**
 * Removes temp files a killed process left behind mid-write in every folder the workspace writes;
 * returns their paths relative to the root. Call at start-up only, before anything writes.
 */
export async function sweepWorkspaceTempFiles(root: string): Promise<string[]> {
  const removed: string[] = []
  for (const folder of workspaceWrittenFolders) {
    // A folder that is a link elsewhere is not the workspace's to clean (nor written through).
    const at = await plainFolder(root, folder, false).catch(() => undefined)
    if (at === undefined) continue
    const names = await readdir(at).catch(() => [] as string[])
    for (const name of names) {
      if (!isAtomicTempName(name)) continue
      await rm(join(at, name), { force: true })
      removed.push(folder === '' ? name : `${folder}/${name}`)
    }
  }
  return removed
}
