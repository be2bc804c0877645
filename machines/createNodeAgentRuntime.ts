import {
  type AgentRuntime,
  type AgentRuntimeOptions,
  createAgentRuntime,
} from './createAgentRuntime.ts'

/**
 * `createAgentRuntime` as the Node entry exports it: the same options and runtime, with Node's
 * defaults filled in (runs of a folder `Workspace` are kept in that folder).
 */
export function createNodeAgentRuntime(options: AgentRuntimeOptions): AgentRuntime {
  // The Node default run store goes here, and only here, once createAgentRuntime takes `store`:
  //   store: options.store ?? (options.workspace instanceof Workspace
  //     ? fileRunStore(options.workspace.root) : undefined)
  // (today the core runtime still keeps runs in the workspace folder by itself).
  return createAgentRuntime(options)
}
