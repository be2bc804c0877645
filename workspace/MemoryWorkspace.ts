import { formatArtifact, parseArtifact } from './artifactText.ts'
import {
  type ChangeCommit,
  commitRefusal,
  withPlaces,
  writeToList,
} from './changes/ChangeCommit.ts'
import type { KeptChange } from './changes/KeptChange.ts'
import type { RecordWrite } from './changes/recordPatches.ts'
import { validWrites } from './changes/validWrites.ts'
import { parseOrInvalid } from './parseOrInvalid.ts'
import {
  type ExpectedVersion,
  recordVersion,
  type Versioned,
  type VersionedWrite,
  versionConflict,
  versioned,
} from './recordVersion.ts'
import type { StudyWorkspace } from './StudyWorkspace.ts'
import { addSampleRecords, sampleSources } from './sampleData.ts'
import type { Artifact, MemoryEntry, Notebook, Task } from './schemas.ts'
import {
  checkAllowedSource,
  checkSourcePathForm,
  MAX_SOURCE_BYTES,
  normalizeSourcePath,
  quoteSourcePath,
  type SourceReadResult,
  sourceFailure,
} from './sourcePaths.ts'
import { WorkspaceChangeFeed, type WorkspaceChangeListener } from './WorkspaceChange.ts'
import { WorkspaceError } from './WorkspaceError.ts'
import {
  artifactInput,
  memoryEntryInput,
  notebookInput,
  TaskInputSchema,
} from './workspaceInput.ts'

/** How a memory workspace is built: clock, ids, a name for people, and its source texts by relative path. */
export interface MemoryWorkspaceOptions {
  clock?: () => Date
  generateId?: () => string
  /** Shown as `location` (default `memory`). */
  name?: string
  /** The sources notebooks may name, as `{ 'lecture-1.md': '# Lecture 1…' }`. */
  sources?: Readonly<Record<string, string>>
}

const encoder = new TextEncoder()

/**
 * A study workspace held in memory: no files, no `node:` modules, so a whole runtime can run in a
 * browser tab or a test. It validates exactly as the folder `Workspace` does (same records, same
 * `WorkspaceError`s) and hands out copies, so a caller cannot change stored data by accident.
 */
export class MemoryWorkspace implements StudyWorkspace {
  /** `memory` or the given name. */
  readonly location: string
  /** The clock used for every timestamp this workspace writes. */
  readonly clock: () => Date
  /** The generator used for every id this workspace assigns. */
  readonly generateId: () => string
  #tasks: Task[] = []
  #memory: MemoryEntry[] = []
  #notebooks: Notebook[] = []
  readonly #artifacts = new Map<string, { text: string; updatedAt: string }>()
  readonly #sources = new Map<string, string>()
  readonly #kept = new Map<string, KeptChange>()
  // Every write is in this object, so nothing has to be watched: the writes tell.
  readonly #changes = new WorkspaceChangeFeed(() => () => {})

  constructor(options: MemoryWorkspaceOptions = {}) {
    this.location = options.name ?? 'memory'
    this.clock = options.clock ?? (() => new Date())
    this.generateId = options.generateId ?? (() => globalThis.crypto.randomUUID())
    for (const [path, text] of Object.entries(options.sources ?? {})) this.writeSource(path, text)
  }

  /** A memory workspace with the Biology 101 sample (sources, a notebook, two tasks, a memory), as `Workspace.openOrCreate(dir, { samples: true })`. */
  static async withSamples(options: MemoryWorkspaceOptions = {}): Promise<MemoryWorkspace> {
    const workspace = new MemoryWorkspace({
      ...options,
      sources: { ...sampleSources, ...options.sources },
    })
    await addSampleRecords(workspace)
    return workspace
  }

  /** Adds or replaces the source at `path` (relative, no traversal); throws `WorkspaceError('invalid_data')`. */
  writeSource(path: string, text: string): void {
    const reason = checkSourcePathForm(path)
    if (reason) {
      const message = `invalid source path ${JSON.stringify(path)}: ${reason}`
      throw new WorkspaceError('invalid_data', message)
    }
    if (typeof text !== 'string') throw new WorkspaceError('invalid_data', 'a source must be text')
    this.#sources.set(normalizeSourcePath(path), text)
  }

  /** All tasks, in stored order. */
  async readTasks(): Promise<Task[]> {
    return structuredClone(this.#tasks)
  }

  /** Validates `task` and stores it, replacing the task with the same id or appending it. */
  async upsertTask(task: Task): Promise<Task> {
    const valid = parseOrInvalid(TaskInputSchema, task, 'task')
    const index = this.#tasks.findIndex((t) => t.id === valid.id)
    if (index >= 0) this.#tasks[index] = valid
    else this.#tasks.push(valid)
    this.#changes.tell(['tasks'])
    return structuredClone(valid)
  }

  /** Removes the task with `id`; returns it, or undefined when there was none. */
  async deleteTask(id: string): Promise<Task | undefined> {
    const index = this.#tasks.findIndex((t) => t.id === id)
    if (index < 0) return undefined
    this.#changes.tell(['tasks'])
    return this.#tasks.splice(index, 1)[0]
  }

  /** The task with `id` and its version, or undefined. */
  async readTask(id: string): Promise<Versioned<Task> | undefined> {
    return this.#task(id)
  }

  /** Validates `task` and replaces the stored task with its id, only if that is at `expectedVersion`. */
  async updateTaskAt(task: Task, expectedVersion: string): Promise<VersionedWrite<Task>> {
    const valid = parseOrInvalid(TaskInputSchema, task, 'task')
    // Checked and written with no await between, so no other call can come in between.
    const conflict = versionConflict(this.#task(valid.id), expectedVersion)
    if (conflict !== undefined) return conflict
    this.#tasks[this.#tasks.findIndex((t) => t.id === valid.id)] = valid
    this.#changes.tell(['tasks'])
    return { ok: true, value: structuredClone(valid), version: recordVersion('task', valid) }
  }

  /** Removes the task with `id`, only if it is at `expectedVersion`. */
  async deleteTaskAt(id: string, expectedVersion: string): Promise<VersionedWrite<Task>> {
    const current = this.#task(id)
    const conflict = versionConflict(current, expectedVersion)
    if (conflict !== undefined) return conflict
    this.#tasks = this.#tasks.filter((t) => t.id !== id)
    this.#changes.tell(['tasks'])
    // No conflict with a version string means the task was there at that version.
    return { ok: true, ...(current as Versioned<Task>) }
  }

  /** Everything remembered, oldest first. */
  async readMemory(): Promise<MemoryEntry[]> {
    return structuredClone(this.#memory)
  }

  /** Remembers `text` (trimmed) as a new entry with a fresh id and the current time. */
  async appendMemory(text: string): Promise<MemoryEntry> {
    const entry = memoryEntryInput(text, this.generateId(), this.now())
    this.#memory.push(entry)
    this.#changes.tell(['memory'])
    return structuredClone(entry)
  }

  /** The memory entry with `id` and its version, or undefined. */
  async readMemoryEntry(id: string): Promise<Versioned<MemoryEntry> | undefined> {
    return this.#memoryEntry(id)
  }

  /** Forgets the entry with `id`, only if it is at `expectedVersion`. */
  async forgetMemoryAt(id: string, expectedVersion: string): Promise<VersionedWrite<MemoryEntry>> {
    const current = this.#memoryEntry(id)
    const conflict = versionConflict(current, expectedVersion)
    if (conflict !== undefined) return conflict
    this.#memory = this.#memory.filter((e) => e.id !== id)
    this.#changes.tell(['memory'])
    // No conflict with a version string means the entry was there at that version.
    return { ok: true, ...(current as Versioned<MemoryEntry>) }
  }

  /** The artifacts, sorted by name. */
  async listArtifacts(): Promise<Artifact[]> {
    return [...this.#artifacts.keys()].sort().map((name) => this.#artifact(name))
  }

  /** Saves `content` under a heading `title`, replacing an artifact with the same slug. */
  async saveArtifact(title: string, content: string): Promise<Artifact> {
    return this.#saveArtifact(title, content)
  }

  #saveArtifact(title: string, content: string): Artifact {
    const { name, title: clean } = artifactInput(title, content, this.now())
    // Stored as the folder workspace stores it, so both read back the same title and content.
    this.#artifacts.set(name, { text: formatArtifact(clean, content), updatedAt: this.now() })
    this.#changes.tell(['notes'])
    return this.#artifact(name)
  }

  /** The artifact named `name` and its version, or undefined. */
  async readArtifact(name: string): Promise<Versioned<Artifact> | undefined> {
    return this.#note(name)
  }

  /** As `saveArtifact`, only if the artifact with that slug is at `expectedVersion` (`null`: is none yet). */
  async saveArtifactAt(
    title: string,
    content: string,
    expectedVersion: ExpectedVersion,
  ): Promise<VersionedWrite<Artifact>> {
    const { name } = artifactInput(title, content, this.now())
    const conflict = versionConflict(this.#note(name), expectedVersion)
    if (conflict !== undefined) return conflict
    const saved = this.#saveArtifact(title, content)
    return { ok: true, value: saved, version: recordVersion('note', saved) }
  }

  /** The kept change `changeId`, or undefined. */
  async readChange(changeId: string): Promise<KeptChange | undefined> {
    const kept = this.#kept.get(changeId)
    return kept && structuredClone(kept)
  }

  /** As `StudyWorkspace.commitChange`: checked and written with no await between. */
  async commitChange(change: KeptChange, writes: readonly RecordWrite[]): Promise<ChangeCommit> {
    const current = writes.map((write) => this.#record(write.kind, write.id))
    const undone = change.undoes === undefined ? undefined : this.#kept.get(change.undoes)
    const refused = commitRefusal(change, writes, current, undone)
    if (refused !== undefined) return refused
    const places = new Map<string, string>()
    for (const write of validWrites(writes)) {
      const place = this.#write(write)
      if (place !== undefined) places.set(`${write.kind}\u0000${write.id}`, place)
    }
    const kept = withPlaces(structuredClone(change), places)
    this.#kept.set(change.changeId, kept)
    if (undone !== undefined)
      this.#kept.set(undone.changeId, { ...undone, undoneBy: change.changeId })
    const parts = { task: 'tasks', memory: 'memory', note: 'notes' } as const
    this.#changes.tell(new Set(writes.map((write) => parts[write.kind])))
    return { ok: true, change: structuredClone(kept) }
  }

  /** All notebooks, in stored order. */
  async readNotebooks(): Promise<Notebook[]> {
    return structuredClone(this.#notebooks)
  }

  /** The notebook with `id`, or undefined. */
  async notebook(id: string): Promise<Notebook | undefined> {
    return (await this.readNotebooks()).find((n) => n.id === id)
  }

  /** Creates a notebook whose read tools may see `sources` (relative paths; need not exist yet). */
  async createNotebook(title: string, sources: string[]): Promise<Notebook> {
    const notebook = notebookInput(title, sources, this.generateId(), this.now())
    this.#notebooks.push(notebook)
    this.#changes.tell(['notebooks'])
    return structuredClone(notebook)
  }

  /** Calls `listener` after each change to the tasks, memory, notes or notebooks. */
  watchChanges(listener: WorkspaceChangeListener): () => void {
    return this.#changes.watch(listener)
  }

  /** Reads `path` if it is one of `allowed` and one of this workspace's sources; failures are data. */
  async readSource(allowed: readonly string[], path: string): Promise<SourceReadResult> {
    const checked = checkAllowedSource(allowed, path)
    if (!checked.ok) return checked
    const content = this.#sources.get(checked.path)
    const shown = quoteSourcePath(checked.path)
    if (content === undefined) {
      return sourceFailure(
        'source_not_found',
        `${shown} is a source of the current notebook but does not exist yet`,
      )
    }
    if (encoder.encode(content).length > MAX_SOURCE_BYTES) {
      return sourceFailure(
        'source_too_large',
        `${shown} is larger than 1 MiB and cannot be read whole`,
      )
    }
    return { ok: true, path: checked.path, content }
  }

  #record(kind: RecordWrite['kind'], id: string): Versioned<unknown> | undefined {
    if (kind === 'task') return this.#task(id)
    return kind === 'memory' ? this.#memoryEntry(id) : this.#note(id)
  }

  /** One write of a change (validated); the place the record had. */
  #write(write: RecordWrite): string | undefined {
    const value = write.value && structuredClone(write.value)
    if (write.kind === 'task') return writeToList(this.#tasks, write.id, value as Task, write.place)
    if (write.kind === 'memory') {
      return writeToList(this.#memory, write.id, value as MemoryEntry, write.place)
    }
    if (value === undefined) this.#artifacts.delete(write.id)
    else {
      const note = value as Artifact
      const text = formatArtifact(note.title, note.content)
      this.#artifacts.set(note.name, { text, updatedAt: note.updatedAt })
    }
    return undefined
  }

  #task(id: string): Versioned<Task> | undefined {
    const task = this.#tasks.find((t) => t.id === id)
    return task === undefined ? undefined : versioned('task', structuredClone(task))
  }

  #memoryEntry(id: string): Versioned<MemoryEntry> | undefined {
    const entry = this.#memory.find((e) => e.id === id)
    return entry === undefined ? undefined : versioned('memory', structuredClone(entry))
  }

  #note(name: string): Versioned<Artifact> | undefined {
    return this.#artifacts.has(name) ? versioned('note', this.#artifact(name)) : undefined
  }

  #artifact(name: string): Artifact {
    const stored = this.#artifacts.get(name)
    if (stored === undefined) throw new WorkspaceError('not_found', `no artifact named ${name}`)
    return { name, ...parseArtifact(name, stored.text), updatedAt: stored.updatedAt }
  }

  private now(): string {
    return this.clock().toISOString()
  }
}
