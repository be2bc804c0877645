import { createTask } from './studypulse/createTask.ts'
import { deleteTask } from './studypulse/deleteTask.ts'
import { listTasks } from './studypulse/listTasks.ts'
import { readSource } from './studypulse/readSource.ts'
import { runCode } from './studypulse/runCode.ts'
import { saveArtifact } from './studypulse/saveArtifact.ts'
import { searchWorkspace } from './studypulse/searchWorkspace.ts'
import { writeMemory } from './studypulse/writeMemory.ts'
import { ToolRegistry, type ToolRegistryOptions } from './ToolRegistry.ts'

/** StudyPulse's own tools, in the order the model is shown them. */
export const studyPulseTools = Object.freeze([
  createTask,
  listTasks,
  searchWorkspace,
  readSource,
  writeMemory,
  saveArtifact,
  deleteTask,
  runCode,
])

/** A registry of StudyPulse's tools; use `new ToolRegistry([...])` for a custom set. */
export function createToolRegistry(options?: ToolRegistryOptions): ToolRegistry {
  return new ToolRegistry(studyPulseTools, options)
}
