import { isEnded } from '../vocabulary/RunStatus.ts'
import type { RunView } from './AgentRuntime.ts'
import type { ForeignRun } from './foreignRuns.ts'
import type { RunSession } from './RunSession.ts'

/** What a page shows of a run this runtime holds. */
export function viewOfSession(session: RunSession): RunView {
  const { value, status, context } = session.state()
  return {
    runId: session.runId,
    value,
    status,
    pending: value === 'awaitingConfirmation' ? context.pending : undefined,
    messages: context.messages,
    events: session.log,
    ...(context.startedBy !== undefined && { startedBy: context.startedBy }),
  }
}

/** What a page shows of a run another node advances, as last seen. */
export function viewOfForeign(runId: string, seen: ForeignRun): RunView {
  return {
    runId,
    value: seen.status,
    status: isEnded(seen.status) ? 'done' : 'active',
    pending: seen.pending,
    messages: seen.messages,
    events: seen.log,
    ...(seen.context?.startedBy !== undefined && { startedBy: seen.context.startedBy }),
  }
}
