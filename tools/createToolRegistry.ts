import { coreStudyPulseTools } from './createCoreToolRegistry.ts'
import { runCode } from './studypulse/runCode.ts'
import { ToolRegistry, type ToolRegistryOptions } from './ToolRegistry.ts'

/** StudyPulse's own tools, in the order the model is shown them. */
export const studyPulseTools = Object.freeze([...coreStudyPulseTools, runCode])

/** A registry of StudyPulse's tools; use `new ToolRegistry([...])` for a custom set. */
export function createToolRegistry(options?: ToolRegistryOptions): ToolRegistry {
  return new ToolRegistry(studyPulseTools, options)
}
