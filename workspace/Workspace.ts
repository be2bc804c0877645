import { randomUUID } from 'node:crypto'
import { mkdir, realpath, stat } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type { z } from 'zod'
import { listArtifactFiles, readArtifactFile, writeArtifactFile } from './artifactFiles.ts'
import type { ChangeCommit } from './changes/ChangeCommit.ts'
import { commitFolderChange, readFolderChange } from './changes/folderChanges.ts'
import type { KeptChange } from './changes/KeptChange.ts'
import type { RecordWrite } from './changes/recordPatches.ts'
import { errnoCode } from './errnoCode.ts'
import { readJsonFile, writeJsonFile } from './jsonFile.ts'
import { layOutWorkspace, workspaceLayout } from './layOutWorkspace.ts'
import { parseOrInvalid } from './parseOrInvalid.ts'
import {
  type ExpectedVersion,
  recordVersion,
  type Versioned,
  type VersionedRecord,
  type VersionedWrite,
  versionConflict,
  versioned,
} from './recordVersion.ts'
import type { StudyWorkspace } from './StudyWorkspace.ts'
import { writeSamples } from './sampleWorkspace.ts'
import {
  type Artifact,
  ArtifactSchema,
  type MemoryEntry,
  MemoryFileSchema,
  type Notebook,
  NotebooksFileSchema,
  type Task,
  TasksFileSchema,
  WorkspaceMarkerSchema,
} from './schemas.ts'
import { readScopedSource, type SourceReadResult } from './sourceScope.ts'
import { importedRecords } from './sqlite/importedRecords.ts'
import type { SqliteWorkspace } from './sqlite/SqliteWorkspace.ts'
import { WorkspaceChangeFeed, type WorkspaceChangeListener } from './WorkspaceChange.ts'
import { WorkspaceError } from './WorkspaceError.ts'
import { watchWorkspaceFolder } from './watchWorkspaceFolder.ts'
import { withWorkspaceLock } from './withWorkspaceLock.ts'
import {
  artifactInput,
  memoryEntryInput,
  notebookInput,
  TaskInputSchema,
} from './workspaceInput.ts'

/** Injectable clock and id generator, so tests and replays are deterministic. */
export type WorkspaceOptions = { clock?: () => Date; generateId?: () => string }

const { marker: MARKER, tasks: TASKS, memory: MEMORY, notebooks: NOTEBOOKS } = workspaceLayout

const emptyTasks = (): z.output<typeof TasksFileSchema> => ({ version: 1, tasks: [] })
const emptyMemory = (): z.output<typeof MemoryFileSchema> => ({ version: 1, entries: [] })
const emptyNotebooks = (): z.output<typeof NotebooksFileSchema> => ({ version: 1, notebooks: [] })

/** A study workspace folder: tasks, memory, notebooks, artifacts and sources, read and written safely. */
export class Workspace implements StudyWorkspace {
  /** The workspace folder, absolute and with links resolved. */
  readonly root: string
  /** The clock used for every timestamp this workspace writes. */
  readonly clock: () => Date
  /** The generator used for every id this workspace assigns. */
  readonly generateId: () => string

  #changes: WorkspaceChangeFeed | undefined

  private constructor(root: string, options: WorkspaceOptions = {}) {
    this.root = root
    this.clock = options.clock ?? (() => new Date())
    this.generateId = options.generateId ?? randomUUID
  }

  /** Lays out a new workspace in `dir` (created if missing); throws `already_a_workspace` if it is one. */
  static async create(dir: string, options?: WorkspaceOptions): Promise<Workspace> {
    const wanted = resolve(dir)
    let root: string
    try {
      await mkdir(wanted, { recursive: true })
      root = await realpath(wanted)
    } catch (error) {
      throw WorkspaceError.io(`could not create the folder ${wanted}`, error)
    }
    const workspace = new Workspace(root, options)
    await withWorkspaceLock(root, () => layOutWorkspace(root, workspace.now()))
    return workspace
  }

  /** Opens the workspace in `dir`; throws `not_a_workspace` when it has no `studypulse.json`. */
  static async open(dir: string, options?: WorkspaceOptions): Promise<Workspace> {
    const wanted = resolve(dir)
    let root: string
    let isFolder: boolean
    try {
      root = await realpath(wanted)
      isFolder = (await stat(root)).isDirectory()
    } catch (error) {
      const code = errnoCode(error)
      if (code === 'ENOENT' || code === 'ENOTDIR') {
        throw new WorkspaceError('not_a_workspace', `there is no folder at ${wanted}`)
      }
      throw WorkspaceError.io(`could not open ${wanted}`, error)
    }
    if (!isFolder) {
      throw new WorkspaceError('not_a_workspace', `${wanted} is a file, not a workspace folder`)
    }
    try {
      await readJsonFile(root, MARKER, WorkspaceMarkerSchema)
    } catch (error) {
      if (error instanceof WorkspaceError && error.code === 'not_found') {
        const message = `${root} is not a StudyPulse workspace (it has no ${MARKER})`
        throw new WorkspaceError('not_a_workspace', message, MARKER)
      }
      throw error
    }
    return new Workspace(root, options)
  }

  /** Opens `dir` if it is a workspace, else creates it there (with the sample notebook when `samples`). */
  static async openOrCreate(
    dir: string,
    options: WorkspaceOptions & { samples?: boolean } = {},
  ): Promise<Workspace> {
    const { samples, ...workspaceOptions } = options
    try {
      return await Workspace.open(dir, workspaceOptions)
    } catch (error) {
      if (!(error instanceof WorkspaceError) || error.code !== 'not_a_workspace') throw error
    }
    let workspace: Workspace
    try {
      workspace = await Workspace.create(dir, workspaceOptions)
    } catch (error) {
      // Someone else created it between our open and create: use theirs.
      if (error instanceof WorkspaceError && error.code === 'already_a_workspace') {
        return Workspace.open(dir, workspaceOptions)
      }
      throw error
    }
    if (samples) await writeSamples(workspace, workspace.sourcesDir)
    return workspace
  }

  /** The folder, as `StudyWorkspace.location`. */
  get location(): string {
    return this.root
  }

  /** Absolute path of `sources/`, the only folder notebook read tools may see. */
  get sourcesDir(): string {
    return join(this.root, 'sources')
  }

  /** Absolute path of `runs/`, where run logs are kept. */
  get runsDir(): string {
    return join(this.root, 'runs')
  }

  /** All tasks, in stored order. */
  async readTasks(): Promise<Task[]> {
    const records = this.#records()
    if (records !== undefined) return records.readTasks()
    return (await readJsonFile(this.root, TASKS, TasksFileSchema, emptyTasks)).tasks
  }

  /** Validates `task` and stores it, replacing the task with the same id or appending it. */
  async upsertTask(task: Task): Promise<Task> {
    const records = this.#records()
    if (records !== undefined) return records.upsertTask(task)
    const valid = parseOrInvalid(TaskInputSchema, task, 'task')
    return this.locked(async () => {
      const file = await readJsonFile(this.root, TASKS, TasksFileSchema, emptyTasks)
      const index = file.tasks.findIndex((t) => t.id === valid.id)
      if (index >= 0) file.tasks[index] = valid
      else file.tasks.push(valid)
      await writeJsonFile(this.root, TASKS, file)
      return valid
    })
  }

  /** Removes the task with `id`; returns it, or undefined when there was none. */
  async deleteTask(id: string): Promise<Task | undefined> {
    const records = this.#records()
    if (records !== undefined) return records.deleteTask(id)
    return this.locked(async () => {
      const file = await readJsonFile(this.root, TASKS, TasksFileSchema, emptyTasks)
      const index = file.tasks.findIndex((t) => t.id === id)
      if (index < 0) return undefined
      const [removed] = file.tasks.splice(index, 1)
      await writeJsonFile(this.root, TASKS, file)
      return removed
    })
  }

  /** The task with `id` and its version, or undefined. */
  async readTask(id: string): Promise<Versioned<Task> | undefined> {
    const records = this.#records()
    if (records !== undefined) return records.readTask(id)
    const task = (await this.readTasks()).find((t) => t.id === id)
    return task === undefined ? undefined : versioned('task', task)
  }

  /** Validates `task` and replaces the stored task with its id, only if that is at `expectedVersion`. */
  async updateTaskAt(task: Task, expectedVersion: string): Promise<VersionedWrite<Task>> {
    const records = this.#records()
    if (records !== undefined) return records.updateTaskAt(task, expectedVersion)
    const valid = parseOrInvalid(TaskInputSchema, task, 'task')
    return this.locked(async () => {
      const file = await readJsonFile(this.root, TASKS, TasksFileSchema, emptyTasks)
      return this.atVersion('task', file.tasks, valid.id, expectedVersion, async (index) => {
        file.tasks[index] = valid
        await writeJsonFile(this.root, TASKS, file)
        return valid
      })
    })
  }

  /** Removes the task with `id`, only if it is at `expectedVersion`. */
  async deleteTaskAt(id: string, expectedVersion: string): Promise<VersionedWrite<Task>> {
    const records = this.#records()
    if (records !== undefined) return records.deleteTaskAt(id, expectedVersion)
    return this.locked(async () => {
      const file = await readJsonFile(this.root, TASKS, TasksFileSchema, emptyTasks)
      return this.atVersion('task', file.tasks, id, expectedVersion, async (index) => {
        const [removed] = file.tasks.splice(index, 1)
        await writeJsonFile(this.root, TASKS, file)
        return removed as Task
      })
    })
  }

  /** Everything remembered, oldest first. */
  async readMemory(): Promise<MemoryEntry[]> {
    const records = this.#records()
    if (records !== undefined) return records.readMemory()
    return (await readJsonFile(this.root, MEMORY, MemoryFileSchema, emptyMemory)).entries
  }

  /** Remembers `text` (trimmed) as a new entry with a fresh id and the current time. */
  async appendMemory(text: string): Promise<MemoryEntry> {
    const records = this.#records()
    if (records !== undefined) return records.appendMemory(text)
    const entry = memoryEntryInput(text, this.generateId(), this.now())
    return this.locked(async () => {
      const file = await readJsonFile(this.root, MEMORY, MemoryFileSchema, emptyMemory)
      file.entries.push(entry)
      await writeJsonFile(this.root, MEMORY, file)
      return entry
    })
  }

  /** The memory entry with `id` and its version, or undefined. */
  async readMemoryEntry(id: string): Promise<Versioned<MemoryEntry> | undefined> {
    const records = this.#records()
    if (records !== undefined) return records.readMemoryEntry(id)
    const entry = (await this.readMemory()).find((e) => e.id === id)
    return entry === undefined ? undefined : versioned('memory', entry)
  }

  /** Forgets the entry with `id`, only if it is at `expectedVersion`. */
  async forgetMemoryAt(id: string, expectedVersion: string): Promise<VersionedWrite<MemoryEntry>> {
    const records = this.#records()
    if (records !== undefined) return records.forgetMemoryAt(id, expectedVersion)
    return this.locked(async () => {
      const file = await readJsonFile(this.root, MEMORY, MemoryFileSchema, emptyMemory)
      return this.atVersion('memory', file.entries, id, expectedVersion, async (index) => {
        const [removed] = file.entries.splice(index, 1)
        await writeJsonFile(this.root, MEMORY, file)
        return removed as MemoryEntry
      })
    })
  }

  /** The markdown artifacts in `artifacts/`, sorted by name. */
  async listArtifacts(): Promise<Artifact[]> {
    return listArtifactFiles(this.root)
  }

  /** Saves `content` under a heading `title` as `artifacts/<slug>.md`, replacing one with the same slug. */
  async saveArtifact(title: string, content: string): Promise<Artifact> {
    const { name, title: clean } = artifactInput(title, content, this.now())
    return this.locked(() => writeArtifactFile(this.root, name, clean, content))
  }

  /** The artifact `artifacts/<name>.md` and its version, or undefined. */
  async readArtifact(name: string): Promise<Versioned<Artifact> | undefined> {
    if (!ArtifactSchema.shape.name.safeParse(name).success) return undefined
    const artifact = await readArtifactFile(this.root, name)
    return artifact === undefined ? undefined : versioned('note', artifact)
  }

  /** As `saveArtifact`, only if the artifact with that slug is at `expectedVersion` (`null`: is none yet). */
  async saveArtifactAt(
    title: string,
    content: string,
    expectedVersion: ExpectedVersion,
  ): Promise<VersionedWrite<Artifact>> {
    const { name, title: clean } = artifactInput(title, content, this.now())
    return this.locked(async () => {
      const stored = await readArtifactFile(this.root, name)
      const conflict = versionConflict(stored && versioned('note', stored), expectedVersion)
      if (conflict !== undefined) return conflict
      const saved = await writeArtifactFile(this.root, name, clean, content)
      return { ok: true, value: saved, version: recordVersion('note', saved) }
    })
  }

  /** The kept change `changeId` (in `changes/<changeId>.json`), or undefined. */
  async readChange(changeId: string): Promise<KeptChange | undefined> {
    const records = this.#records()
    if (records !== undefined) return records.readChange(changeId)
    return readFolderChange(this.root, changeId)
  }

  /** As `StudyWorkspace.commitChange`, under the workspace lock. */
  async commitChange(change: KeptChange, writes: readonly RecordWrite[]): Promise<ChangeCommit> {
    const records = this.#records()
    if (records !== undefined) return records.commitChange(change, writes)
    return this.locked(() => commitFolderChange(this.root, change, writes))
  }

  /** All notebooks, in stored order. */
  async readNotebooks(): Promise<Notebook[]> {
    const records = this.#records()
    if (records !== undefined) return records.readNotebooks()
    return (await readJsonFile(this.root, NOTEBOOKS, NotebooksFileSchema, emptyNotebooks)).notebooks
  }

  /** The notebook with `id`, or undefined. */
  async notebook(id: string): Promise<Notebook | undefined> {
    return (await this.readNotebooks()).find((n) => n.id === id)
  }

  /** Creates a notebook whose read tools may see `sources` (relative to `sources/`; need not exist yet). */
  async createNotebook(title: string, sources: string[]): Promise<Notebook> {
    const records = this.#records()
    if (records !== undefined) return records.createNotebook(title, sources)
    const notebook = notebookInput(title, sources, this.generateId(), this.now())
    return this.locked(async () => {
      const file = await readJsonFile(this.root, NOTEBOOKS, NotebooksFileSchema, emptyNotebooks)
      file.notebooks.push(notebook)
      await writeJsonFile(this.root, NOTEBOOKS, file)
      return notebook
    })
  }

  /** Reads `path` from `sources/` if it is one of `allowed` and really inside `sources/`; failures are data. */
  async readSource(allowed: readonly string[], path: string): Promise<SourceReadResult> {
    return readScopedSource(this.sourcesDir, allowed, path)
  }

  /**
   * Calls `listener` after each change to the folder's tasks, memory, notes or notebooks, made
   * by this process or another (the terminal chat, an editor): one file watch for all listeners.
   */
  watchChanges(listener: WorkspaceChangeListener): () => void {
    const records = this.#records()
    if (records !== undefined) return records.watchChanges(listener)
    this.#changes ??= new WorkspaceChangeFeed((tell) => watchWorkspaceFolder(this.root, tell))
    return this.#changes.watch(listener)
  }

  /**
   * The folder's records as rows of its database, once they moved there (an app or the Node
   * entry opened the folder: see `SqliteWorkspace`); until then, the files.
   */
  #records(): SqliteWorkspace | undefined {
    return importedRecords(this.root, this)
  }

  private now(): string {
    return this.clock().toISOString()
  }

  /** Runs `change` on the item with `id` if it is at `expected` (call it under the lock). */
  private async atVersion<K extends 'task' | 'memory'>(
    kind: K,
    items: readonly (Task | MemoryEntry)[],
    id: string,
    expected: string,
    change: (index: number) => Promise<VersionedRecord[K]>,
  ): Promise<VersionedWrite<VersionedRecord[K]>> {
    const index = items.findIndex((item) => item.id === id)
    const found = items[index] as VersionedRecord[K] | undefined
    const conflict = versionConflict(found && versioned(kind, found), expected)
    if (conflict !== undefined) return conflict
    // For a removal the version is the one the item had when it went.
    const value = await change(index)
    return { ok: true, value, version: recordVersion(kind, value) }
  }

  private locked<T>(fn: () => Promise<T>): Promise<T> {
    return withWorkspaceLock(this.root, fn)
  }
}
