import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { readArtifactFile, removeArtifactFile, writeArtifactFile } from '../artifactFiles.ts'
import { readJsonFile, writeJsonFile } from '../jsonFile.ts'
import { workspaceLayout } from '../layOutWorkspace.ts'
import { type Versioned, versioned } from '../recordVersion.ts'
import {
  ArtifactSchema,
  type MemoryEntry,
  MemoryFileSchema,
  type Task,
  TasksFileSchema,
} from '../schemas.ts'
import { WorkspaceError } from '../WorkspaceError.ts'
import { type ChangeCommit, commitRefusal, withPlaces, writeToList } from './ChangeCommit.ts'
import { isRecordId, type KeptChange, KeptChangeSchema } from './KeptChange.ts'
import type { RecordWrite } from './recordPatches.ts'
import { validWrites } from './validWrites.ts'

/** The folder of a workspace's kept changes, one `<changeId>.json` each. */
export const CHANGES_DIR = 'changes'

// A change id names a file: only ids that are safe as one are kept or looked up.
const safeId = /^[A-Za-z0-9_-]{1,120}$/

/** The kept change `changeId` in the workspace folder `root`, or undefined. */
export async function readFolderChange(
  root: string,
  changeId: string,
): Promise<KeptChange | undefined> {
  if (!safeId.test(changeId)) return undefined
  const file = `${CHANGES_DIR}/${changeId}.json`
  try {
    return await readJsonFile(root, file, KeptChangeSchema)
  } catch (error) {
    if (error instanceof WorkspaceError && error.code === 'not_found') return undefined
    throw error
  }
}

/**
 * Commits `change` to the folder `root` (call it under the workspace lock): checks every record
 * and the change it undoes, then writes the records' files, then the kept change and the mark on
 * the one it undoes. A crash midway leaves the records right and at worst a change that cannot be
 * undone (no kept change), never a kept change that was not made.
 */
export async function commitFolderChange(
  root: string,
  change: KeptChange,
  writes: readonly RecordWrite[],
): Promise<ChangeCommit> {
  if (!safeId.test(change.changeId)) {
    throw new WorkspaceError('invalid_data', `a change id must be letters, digits, - or _`)
  }
  const tasks = await readJsonFile(root, workspaceLayout.tasks, TasksFileSchema, () => ({
    version: 1 as const,
    tasks: [],
  }))
  const memory = await readJsonFile(root, workspaceLayout.memory, MemoryFileSchema, () => ({
    version: 1 as const,
    entries: [],
  }))
  const current: (Versioned<unknown> | undefined)[] = []
  for (const write of writes)
    current.push(await currentRecord(root, write, tasks.tasks, memory.entries))
  const undone =
    change.undoes === undefined ? undefined : await readFolderChange(root, change.undoes)
  const refused = commitRefusal(change, writes, current, undone)
  if (refused !== undefined) return refused
  const places = new Map<string, string>()
  for (const write of validWrites(writes)) {
    const place = await writeRecord(root, write, tasks.tasks, memory.entries)
    if (place !== undefined) places.set(`${write.kind}\u0000${write.id}`, place)
  }
  if (writes.some((write) => write.kind === 'task'))
    await writeJsonFile(root, workspaceLayout.tasks, tasks)
  if (writes.some((write) => write.kind === 'memory')) {
    await writeJsonFile(root, workspaceLayout.memory, memory)
  }
  const kept = withPlaces(change, places)
  await mkdir(join(root, CHANGES_DIR), { recursive: true })
  // Not flushed: a power cut that loses it leaves a change that cannot be undone (the records
  // themselves were flushed), never a wrong one, and a confirmed write keeps its 4 fsyncs. The
  // mark on an undone change below is flushed: it is what keeps an undo from running twice.
  await writeJsonFile(root, `${CHANGES_DIR}/${change.changeId}.json`, kept, false)
  if (undone !== undefined) {
    await writeJsonFile(root, `${CHANGES_DIR}/${undone.changeId}.json`, {
      ...undone,
      undoneBy: change.changeId,
    })
  }
  return { ok: true, change: kept }
}

async function currentRecord(
  root: string,
  write: RecordWrite,
  tasks: readonly { id: string }[],
  entries: readonly { id: string }[],
): Promise<Versioned<unknown> | undefined> {
  if (write.kind === 'note') {
    const note = ArtifactSchema.shape.name.safeParse(write.id).success
      ? await readArtifactFile(root, write.id)
      : undefined
    return note && versioned('note', note)
  }
  const list = write.kind === 'task' ? tasks : entries
  const found = list.find((item) => item.id === write.id)
  return found && versioned(write.kind, found as never)
}

/** Makes one write in the lists read (tasks, memory) or to its note file; the place it had. */
async function writeRecord(
  root: string,
  write: RecordWrite,
  tasks: Task[],
  entries: MemoryEntry[],
): Promise<string | undefined> {
  if (write.kind === 'task') return writeToList(tasks, write.id, write.value, write.place)
  if (write.kind === 'memory') return writeToList(entries, write.id, write.value, write.place)
  // The id becomes a path: a delete is checked as a write is (by its value's schema).
  if (!isRecordId('note', write.id)) {
    throw new WorkspaceError('invalid_data', `a note's id must be a note name, not ${write.id}`)
  }
  if (write.value !== undefined) {
    await writeArtifactFile(root, write.value.name, write.value.title, write.value.content)
    return undefined
  }
  await removeArtifactFile(root, write.id)
  return undefined
}
