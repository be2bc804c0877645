import { current, type Draft, isDraft } from 'immer'
import type { AgentEvent } from '../vocabulary/AgentEvent.ts'
import type { AgentRunContext } from './agentRunTypes.ts'

/** The fields of an event its producer chooses; the log fills in run, seq and time. */
export type EventFields = Omit<AgentEvent, 'runId' | 'seq' | 'at'>

/** Where the events of an update under way go: numbered after `before.lastSeq`, into `fresh`. */
interface EventGathering {
  before: AgentRunContext
  fresh: AgentEvent[]
}

// By root draft: the events an update records are gathered beside it, never put in the context.
const gatherings = new WeakMap<object, EventGathering>()

/** Runs an immer recipe so that the events it records land in `fresh`. */
export function gatherEvents(
  draft: Draft<AgentRunContext>,
  before: AgentRunContext,
  fresh: AgentEvent[],
  recipe: (draft: Draft<AgentRunContext>) => void,
): void {
  gatherings.set(draft, { before, fresh })
  try {
    recipe(draft)
  } finally {
    gatherings.delete(draft)
  }
}

/** Logs an event (inside an update), numbering it after the run's last one; the event is frozen. */
export function recordEvent(draft: Draft<AgentRunContext>, at: Date, fields: EventFields): void {
  const gathering = gatherings.get(draft)
  if (gathering === undefined) throw new Error('recordEvent is only called inside updateContext')
  const event: AgentEvent = {
    runId: gathering.before.runId,
    seq: gathering.before.lastSeq + gathering.fresh.length + 1,
    at: at.toISOString(),
    ...fields,
  }
  // The only object an event holds; read from the draft, it must outlive the update.
  if (event.error !== undefined) {
    event.error = Object.freeze(isDraft(event.error) ? current(event.error) : event.error)
  }
  gathering.fresh.push(Object.freeze(event))
}
