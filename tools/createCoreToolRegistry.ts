import { createTask } from './studypulse/createTask.ts'
import { deleteNote } from './studypulse/deleteNote.ts'
import { deleteTask } from './studypulse/deleteTask.ts'
import { forgetMemory } from './studypulse/forgetMemory.ts'
import { listArtifacts } from './studypulse/listArtifacts.ts'
import { listMemory } from './studypulse/listMemory.ts'
import { listTasks } from './studypulse/listTasks.ts'
import { readArtifact } from './studypulse/readArtifact.ts'
import { readSource } from './studypulse/readSource.ts'
import { saveArtifact } from './studypulse/saveArtifact.ts'
import { searchWorkspace } from './studypulse/searchWorkspace.ts'
import { undoChange } from './studypulse/undoChange.ts'
import { updateNote } from './studypulse/updateNote.ts'
import { updateTask } from './studypulse/updateTask.ts'
import { writeMemory } from './studypulse/writeMemory.ts'
import { ToolRegistry, type ToolRegistryOptions } from './ToolRegistry.ts'

/**
 * StudyPulse's tools that run anywhere, a browser tab included, in the order the model is shown
 * them: all but `run_code`, whose sandbox is a Node worker thread.
 */
export const coreStudyPulseTools = Object.freeze([
  createTask,
  listTasks,
  searchWorkspace,
  readSource,
  writeMemory,
  saveArtifact,
  deleteTask,
  updateTask,
  forgetMemory,
  listMemory,
  listArtifacts,
  readArtifact,
  updateNote,
  deleteNote,
  undoChange,
])

/** A registry of StudyPulse's tools that run anywhere (no `run_code`); the core entry's `createToolRegistry`. */
export function createCoreToolRegistry(options?: ToolRegistryOptions): ToolRegistry {
  return new ToolRegistry(coreStudyPulseTools, options)
}
