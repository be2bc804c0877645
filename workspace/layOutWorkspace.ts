import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { readJsonFile, writeJsonFile } from './jsonFile.ts'
import { pathExists } from './pathExists.ts'
import {
  MemoryFileSchema,
  NotebooksFileSchema,
  TasksFileSchema,
  WorkspaceMarkerSchema,
} from './schemas.ts'
import { WorkspaceError } from './WorkspaceError.ts'

/** The file names and folders that make up a workspace, relative to its root. */
export const workspaceLayout = {
  marker: 'studypulse.json',
  tasks: 'tasks.json',
  memory: 'memory.json',
  notebooks: 'notebooks.json',
  folders: ['artifacts', 'sources', 'runs'],
} as const

/**
 * Lays out an empty workspace in the existing folder `root`; throws `already_a_workspace` if it
 * has a marker. The marker is written last, so a crash midway leaves a folder that is not yet a
 * workspace and can be created again. Call it under `withWorkspaceLock`.
 */
export async function layOutWorkspace(root: string, createdAt: string): Promise<void> {
  const { marker, tasks, memory, notebooks, folders } = workspaceLayout
  if (await pathExists(join(root, marker))) {
    throw new WorkspaceError(
      'already_a_workspace',
      `${root} is already a StudyPulse workspace`,
      marker,
    )
  }
  try {
    for (const folder of folders) await mkdir(join(root, folder), { recursive: true })
  } catch (error) {
    throw WorkspaceError.io(`could not create the folders of ${root}`, error)
  }
  const files = [
    [tasks, TasksFileSchema, { version: 1, tasks: [] }],
    [memory, MemoryFileSchema, { version: 1, entries: [] }],
    [notebooks, NotebooksFileSchema, { version: 1, notebooks: [] }],
  ] as const
  for (const [file, schema, empty] of files) {
    // Keep a valid file left by an interrupted create; a foreign or broken one throws corrupt_file.
    if (await pathExists(join(root, file))) await readJsonFile(root, file, schema)
    else await writeJsonFile(root, file, empty)
  }
  const markerData = WorkspaceMarkerSchema.parse({
    format: 'studypulse-workspace',
    version: 1,
    createdAt,
  })
  await writeJsonFile(root, marker, markerData)
}
