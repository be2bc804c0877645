import type { AgentRuntime } from '../../runtime/AgentRuntime.ts'
import type { AppLimits } from './appLimits.ts'

/** What the handlers work with: the runtime (with its workspace), the current notebook and the limits. */
export interface AppContext {
  runtime: AgentRuntime
  /** The notebook new runs see unless the request names another. */
  notebookId?: string
  limits: AppLimits
  /** Event streams open now (the app has one token per launch, so this is the count for it). */
  streams: { open: number }
}
