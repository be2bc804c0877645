import type { ChangeCommit } from './changes/ChangeCommit.ts'
import type { KeptChange } from './changes/KeptChange.ts'
import type { RecordWrite } from './changes/recordPatches.ts'
import type { ExpectedVersion, Versioned, VersionedWrite } from './recordVersion.ts'
import type { Artifact, MemoryEntry, Notebook, Task } from './schemas.ts'
import type { SourceReadResult } from './sourceScope.ts'
import type { WorkspaceChangeListener } from './WorkspaceChange.ts'

/**
 * The study workspace as the tools and the runtime see it: tasks, memory, artifacts, notebooks
 * and their scoped sources. `Workspace` keeps it in a folder; other stores (memory, PostgreSQL)
 * implement the same methods, so no tool knows where its data lives.
 *
 * A task, a memory entry and a note each have a version (`recordVersion`); the `…At` writes
 * happen only while the target is still at the version given, checked atomically with the write
 * (across processes and nodes), and otherwise write nothing and say `target_changed`.
 */
export interface StudyWorkspace {
  /** Where this workspace lives, for people: a folder path, or a store and its id. */
  readonly location: string
  /** The clock used for every timestamp this workspace writes. */
  readonly clock: () => Date
  /** The generator used for every id this workspace assigns. */
  readonly generateId: () => string
  /** All tasks, in stored order. */
  readTasks(): Promise<Task[]>
  /** Validates `task` and stores it, replacing the task with the same id or appending it. */
  upsertTask(task: Task): Promise<Task>
  /** Removes the task with `id`; returns it, or undefined when there was none. */
  deleteTask(id: string): Promise<Task | undefined>
  /** The task with `id` and its version, or undefined. */
  readTask(id: string): Promise<Versioned<Task> | undefined>
  /** Validates `task` and replaces the stored task with its id, only if that is at `expectedVersion`. */
  updateTaskAt(task: Task, expectedVersion: string): Promise<VersionedWrite<Task>>
  /** Removes the task with `id`, only if it is at `expectedVersion`. */
  deleteTaskAt(id: string, expectedVersion: string): Promise<VersionedWrite<Task>>
  /** Everything remembered, oldest first. */
  readMemory(): Promise<MemoryEntry[]>
  /** Remembers `text` (trimmed) as a new entry with a fresh id and the current time. */
  appendMemory(text: string): Promise<MemoryEntry>
  /** The memory entry with `id` and its version, or undefined. */
  readMemoryEntry(id: string): Promise<Versioned<MemoryEntry> | undefined>
  /** Forgets the entry with `id`, only if it is at `expectedVersion`. */
  forgetMemoryAt(id: string, expectedVersion: string): Promise<VersionedWrite<MemoryEntry>>
  /** The markdown artifacts, sorted by name. */
  listArtifacts(): Promise<Artifact[]>
  /** Saves `content` under a heading `title`, replacing an artifact with the same slug. */
  saveArtifact(title: string, content: string): Promise<Artifact>
  /** The artifact named `name` (a slug, see `artifactSlug`) and its version, or undefined. */
  readArtifact(name: string): Promise<Versioned<Artifact> | undefined>
  /**
   * As `saveArtifact`, only if the artifact with that slug is at `expectedVersion` (`null`: only
   * if there is none yet).
   */
  saveArtifactAt(
    title: string,
    content: string,
    expectedVersion: ExpectedVersion,
  ): Promise<VersionedWrite<Artifact>>
  /** The kept change `changeId` (an executed workspace change and its inverse), or undefined. */
  readChange(changeId: string): Promise<KeptChange | undefined>
  /**
   * All or nothing: makes `writes` only if every record is still at the version each expects (and,
   * when `change.undoes` another, that one is kept here and not undone yet), keeps `change` with
   * the places its records had, and marks the change it undoes as undone by it.
   */
  commitChange(change: KeptChange, writes: readonly RecordWrite[]): Promise<ChangeCommit>
  /** All notebooks, in stored order. */
  readNotebooks(): Promise<Notebook[]>
  /** The notebook with `id`, or undefined. */
  notebook(id: string): Promise<Notebook | undefined>
  /** Creates a notebook whose read tools may see `sources` (relative paths; need not exist yet). */
  createNotebook(title: string, sources: string[]): Promise<Notebook>
  /** Reads `path` if it is one of `allowed` and really inside the sources; failures are data. */
  readSource(allowed: readonly string[], path: string): Promise<SourceReadResult>
  /**
   * Calls `listener` after each change to the tasks, memory, notes or notebooks, whoever made it:
   * this process, another one on the folder, another node on the database. Returns the
   * unsubscribe. Optional: a workspace without it is read again after the tools' own writes.
   */
  watchChanges?(listener: WorkspaceChangeListener): () => void
}
