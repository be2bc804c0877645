import { sqliteRunStore } from '../store/sqlite/sqliteRunStore.ts'
import { Workspace } from '../workspace/Workspace.ts'
import type { AgentRuntime, AgentRuntimeOptions } from './AgentRuntime.ts'
import { createAgentRuntime } from './createAgentRuntime.ts'

/**
 * The Node entry's `createAgentRuntime`: the core's, except that a folder `Workspace` given no
 * `store` keeps its runs in that folder's SQLite file (`sqliteRunStore(workspace.root)`), so a
 * waiting card survives a restart. Other workspaces, `durable: false` and a given store are as
 * in the core. Kept out of `core.ts`: the SQLite driver is native.
 */
export function createNodeAgentRuntime(options: AgentRuntimeOptions): AgentRuntime {
  const { workspace, store, durable } = options
  if (store !== undefined || durable === false || !(workspace instanceof Workspace)) {
    return createAgentRuntime(options)
  }
  return createAgentRuntime({ ...options, store: sqliteRunStore(workspace.root) })
}
