import type { Draft } from 'immer'
import type { AgentEvent } from './AgentEvent.ts'
import type { AgentRunContext } from './agentRunTypes.ts'

/** The fields of an event its producer chooses; the log fills in run, seq and time. */
export type EventFields = Omit<AgentEvent, 'runId' | 'seq' | 'at'>

/** Appends an event to a run's log (inside an immer recipe), numbering it. */
export function recordEvent(draft: Draft<AgentRunContext>, at: Date, fields: EventFields): void {
  draft.events.push({
    runId: draft.runId,
    seq: draft.events.length + 1,
    at: at.toISOString(),
    ...fields,
  })
}
