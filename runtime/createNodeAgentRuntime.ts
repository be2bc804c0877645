import { sqliteRunStore } from '../store/sqlite/sqliteRunStore.ts'
import { SqliteWorkspace } from '../workspace/sqlite/SqliteWorkspace.ts'
import { Workspace } from '../workspace/Workspace.ts'
import type { AgentRuntime, AgentRuntimeOptions } from './AgentRuntime.ts'
import { createAgentRuntime } from './createAgentRuntime.ts'

/**
 * The Node entry's `createAgentRuntime`: the core's, except that a folder workspace given no
 * `store` (a `Workspace`, or its records as a `SqliteWorkspace`) keeps its runs and its records in
 * that folder's SQLite file (`sqliteRunStore(root)`, `SqliteWorkspace.open(root)`), so a waiting
 * card survives a restart and a task or memory tool's effect commits with its decision, outcome
 * and audit line. Other workspaces, `durable: false` and a given store are as in the core. Kept
 * out of `core.ts`: the SQLite driver is native.
 */
export function createNodeAgentRuntime(options: AgentRuntimeOptions): AgentRuntime {
  const { workspace, store, durable } = options
  const folder =
    workspace instanceof Workspace || workspace instanceof SqliteWorkspace
      ? workspace.root
      : undefined
  if (store !== undefined || durable === false || folder === undefined) {
    return createAgentRuntime(options)
  }
  const runs = sqliteRunStore(folder)
  const records =
    workspace instanceof SqliteWorkspace
      ? workspace
      : SqliteWorkspace.open(folder, { clock: workspace.clock, generateId: workspace.generateId })
  return createAgentRuntime({ ...options, workspace: records, store: runs })
}
