import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { writeFileAtomic } from '../atomicWrite.ts'
import { plainFolder } from '../plainFolder.ts'
import type { StudyWorkspace } from '../StudyWorkspace.ts'

/** The folder `npm run export` writes into, inside the workspace folder. */
export const exportFolder = 'export'

/**
 * Where `npm run export` writes: the folder a person named (`chosen`), as named, or else the
 * workspace's own `export/`, made if missing and refused (`io_error`) when it, or a folder on its
 * way, is a link: a link there would replace a `tasks.json` outside the workspace.
 */
export async function exportDestination(root: string, chosen?: string): Promise<string> {
  if (chosen !== undefined) return resolve(chosen)
  return (await plainFolder(root, exportFolder, true)) as string
}

/**
 * Writes a readable copy of the workspace's records into `into` (created if missing):
 * `tasks.json`, `memory.json` and `notebooks.json` in the formats the folder kept before the
 * records moved into studypulse.db (version 1, indented), each replaced atomically. A copy:
 * editing it changes nothing in the workspace, and the next export writes over it. Returns the
 * files written, relative to `into`.
 */
export async function exportRecords(workspace: StudyWorkspace, into: string): Promise<string[]> {
  mkdirSync(into, { recursive: true })
  const files: [string, unknown][] = [
    ['tasks.json', { version: 1, tasks: await workspace.readTasks() }],
    ['memory.json', { version: 1, entries: await workspace.readMemory() }],
    ['notebooks.json', { version: 1, notebooks: await workspace.readNotebooks() }],
  ]
  for (const [name, data] of files) {
    await writeFileAtomic(join(into, name), `${JSON.stringify(data, null, 2)}\n`)
  }
  return files.map(([name]) => name)
}
