import { fileRunStore } from '../store/fileRunStore.ts'
import { Workspace } from '../workspace/Workspace.ts'
import { type AgentRuntime, type AgentRuntimeOptions, createRuntime } from './createRuntime.ts'

export type { AgentRunActor } from './AgentRunActor.ts'
export type { AgentRuntime, AgentRuntimeOptions, StartRunOptions } from './createRuntime.ts'
export type { DecisionOptions } from './runDecisions.ts'

/**
 * Creates a runtime for Node: like `createRuntime`, but a folder `Workspace` keeps its runs in
 * that folder (`fileRunStore`) unless another store is given.
 */
export function createAgentRuntime(options: AgentRuntimeOptions): AgentRuntime {
  const durable = options.durable ?? true
  const store =
    options.store ??
    (durable && options.workspace instanceof Workspace
      ? fileRunStore(options.workspace.root)
      : undefined)
  return createRuntime({ ...options, ...(store !== undefined && { store }) })
}
