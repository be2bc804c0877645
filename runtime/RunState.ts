import type { AgentRunContext } from '../machines/agentRunTypes.ts'
import type { RunStatus } from '../vocabulary/RunStatus.ts'

/** A run's state as the session holds it: its actor's snapshot, live or parked. */
export interface RunState {
  value: RunStatus
  status: 'active' | 'done' | 'error' | 'stopped'
  context: AgentRunContext
  /** Whether the state carries `tag` (see `effectTags` and `safe` in the chart). */
  hasTag(tag: string): boolean
}
