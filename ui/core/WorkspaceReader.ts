import type { Artifact, MemoryEntry, Notebook, Task } from '../../workspace/schemas.ts'

/** The workspace reads the side panel needs; a `Workspace` and a `StudyPulseClient` both offer them. */
export interface WorkspaceReader {
  readTasks(): Promise<Task[]>
  readMemory(): Promise<MemoryEntry[]>
  listArtifacts(): Promise<Artifact[]>
  readNotebooks(): Promise<Notebook[]>
}
