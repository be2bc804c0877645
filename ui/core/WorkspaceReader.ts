import type { Artifact, MemoryEntry, Notebook, Task } from '../../workspace/schemas.ts'
import type { WorkspaceChangeListener } from '../../workspace/WorkspaceChange.ts'

/** The workspace reads the side panel needs; a `Workspace` and a `StudyPulseClient` both offer them. */
export interface WorkspaceReader {
  readTasks(): Promise<Task[]>
  readMemory(): Promise<MemoryEntry[]>
  listArtifacts(): Promise<Artifact[]>
  readNotebooks(): Promise<Notebook[]>
  /** Given, the panel reads again what changed, whoever changed it; returns the unsubscribe. */
  watchChanges?(listener: WorkspaceChangeListener): () => void
}
