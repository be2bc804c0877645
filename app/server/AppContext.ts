import type { AgentRuntime } from '../../machines/createAgentRuntime.ts'

/** What the handlers work with: the runtime (with its workspace) and the current notebook. */
export interface AppContext {
  runtime: AgentRuntime
  /** The notebook new runs see unless the request names another. */
  notebookId?: string
}
