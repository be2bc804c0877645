import type { Artifact, MemoryEntry, Notebook, Task } from './schemas.ts'
import type { SourceReadResult } from './sourceScope.ts'

/**
 * The study workspace as the tools and the runtime see it: tasks, memory, artifacts, notebooks
 * and their scoped sources. `Workspace` keeps it in a folder; other stores (memory, PostgreSQL)
 * implement the same methods, so no tool knows where its data lives.
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
  /** Everything remembered, oldest first. */
  readMemory(): Promise<MemoryEntry[]>
  /** Remembers `text` (trimmed) as a new entry with a fresh id and the current time. */
  appendMemory(text: string): Promise<MemoryEntry>
  /** The markdown artifacts, sorted by name. */
  listArtifacts(): Promise<Artifact[]>
  /** Saves `content` under a heading `title`, replacing an artifact with the same slug. */
  saveArtifact(title: string, content: string): Promise<Artifact>
  /** All notebooks, in stored order. */
  readNotebooks(): Promise<Notebook[]>
  /** The notebook with `id`, or undefined. */
  notebook(id: string): Promise<Notebook | undefined>
  /** Creates a notebook whose read tools may see `sources` (relative paths; need not exist yet). */
  createNotebook(title: string, sources: string[]): Promise<Notebook>
  /** Reads `path` if it is one of `allowed` and really inside the sources; failures are data. */
  readSource(allowed: readonly string[], path: string): Promise<SourceReadResult>
}
