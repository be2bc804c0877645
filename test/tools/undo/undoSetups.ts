import { randomUUID } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach } from 'vitest'
import type { ToolContext } from '../../../tools/defineTool.ts'
import { MemoryWorkspace } from '../../../workspace/MemoryWorkspace.ts'
import { PostgresWorkspace } from '../../../workspace/postgres/PostgresWorkspace.ts'
import type { ExpectedVersion } from '../../../workspace/recordVersion.ts'
import type { StudyWorkspace } from '../../../workspace/StudyWorkspace.ts'
import { closeFolderDatabase } from '../../../workspace/sqlite/folderDatabase.ts'
import { SqliteWorkspace } from '../../../workspace/sqlite/SqliteWorkspace.ts'
import { Workspace } from '../../../workspace/Workspace.ts'
import { fileDatabase } from '../../helpers/postgres.ts'
import { makeTempDirs } from '../../workspace/tempDir.ts'

/** A workspace to undo on, a second handle on the same data (another node), and its exact state. */
export interface UndoSetup {
  ws: StudyWorkspace
  other: StudyWorkspace
  /** Every byte a person could tell apart: the files of a folder, every stored field elsewhere. */
  snapshot(): Promise<string>
}

async function folderBytes(root: string): Promise<string> {
  const files = ['tasks.json', 'memory.json']
  const notes = (await readdir(join(root, 'artifacts'))).sort().map((name) => `artifacts/${name}`)
  const parts = await Promise.all(
    [...files, ...notes].map(async (file) => [file, await readFile(join(root, file), 'utf8')]),
  )
  return JSON.stringify(parts)
}

async function noteBytes(root: string): Promise<string[]> {
  const names = (await readdir(join(root, 'artifacts'))).sort()
  return Promise.all(names.map((name) => readFile(join(root, 'artifacts', name), 'utf8')))
}

async function storedState(ws: StudyWorkspace): Promise<string> {
  return JSON.stringify([await ws.readTasks(), await ws.readMemory(), await ws.listArtifacts()])
}

/**
 * The workspaces every undo test runs on, for the calling test file: it registers that file's
 * cleanup (its folders, databases and handles after each test). Called at a file's top level, not
 * at this module's: in a worker that shares loaded modules, this module runs once for all its files.
 */
export function undoSetupsOfFile(): [string, () => Promise<UndoSetup>][] {
  const tempDir = makeTempDirs()
  const closers: (() => Promise<void>)[] = []
  afterEach(async () => {
    for (const close of closers.splice(0)) await close()
  })
  return [
    [
      'MemoryWorkspace',
      async () => {
        const ws = new MemoryWorkspace()
        return { ws, other: ws, snapshot: () => storedState(ws) }
      },
    ],
    [
      'the folder Workspace',
      async () => {
        const dir = await tempDir()
        const ws = await Workspace.create(dir)
        return { ws, other: await Workspace.open(dir), snapshot: () => folderBytes(dir) }
      },
    ],
    [
      'the folder’s SQLite records',
      async () => {
        const dir = await tempDir()
        await Workspace.create(dir)
        closers.push(async () => closeFolderDatabase(dir))
        const ws = SqliteWorkspace.open(dir)
        // Records as stored, notes as their files' bytes (a note's time is its file's mtime).
        const snapshot = async () =>
          JSON.stringify([await ws.readTasks(), await ws.readMemory(), await noteBytes(dir)])
        return { ws, other: SqliteWorkspace.open(dir), snapshot }
      },
    ],
    [
      'PostgresWorkspace',
      async () => {
        const db = await fileDatabase()
        const workspaceId = randomUUID()
        const sourcesDir = await tempDir()
        const open = async () => {
          const node = await PostgresWorkspace.open(
            { connectionString: db.url },
            { workspaceId, sourcesDir },
          )
          closers.push(() => node.close())
          return node
        }
        const ws = await open()
        return { ws, other: await open(), snapshot: () => storedState(ws) }
      },
    ],
  ]
}

let counter = 0

/** What `execute` gets: a fresh id each time (a change id must be new), a later clock each call. */
export function undoContext(ws: StudyWorkspace, expectedVersion?: ExpectedVersion): ToolContext {
  counter += 1
  const n = counter
  let ids = 0
  return {
    workspace: ws,
    now: new Date(Date.UTC(2026, 11, 1, 10, 0, n)),
    sourcePaths: [],
    signal: new AbortController().signal,
    generateId: () => `id-${n}-${++ids}`,
    ...(expectedVersion !== undefined && { expectedVersion }),
  }
}
