import type { RunStatus } from '../vocabulary/RunStatus.ts'
import type { AgentRunActor } from './AgentRunActor.ts'
import type { RunView } from './AgentRuntime.ts'
import type { ForeignRun } from './foreignRuns.ts'

/** What a page shows of a run this runtime advances. */
export function viewOfActor(actor: AgentRunActor): RunView {
  const snapshot = actor.getSnapshot()
  const value = snapshot.value as RunStatus
  return {
    value,
    status: snapshot.status,
    pending: value === 'awaitingConfirmation' ? snapshot.context.pending : undefined,
    messages: snapshot.context.messages,
  }
}

/** What a page shows of a run another node advances, as last seen. */
export function viewOfForeign(seen: ForeignRun): RunView {
  const ended = seen.status === 'failed' || seen.status === 'cancelled'
  return {
    value: seen.status,
    status: ended ? 'done' : 'active',
    pending: seen.pending,
    messages: seen.messages,
  }
}
