import { current, type Draft, isDraft } from 'immer'
import type { AgentEvent } from '../store/AgentEvent.ts'
import type { AgentRunContext } from './agentRunTypes.ts'

/** The fields of an event its producer chooses; the log fills in run, seq and time. */
export type EventFields = Omit<AgentEvent, 'runId' | 'seq' | 'at'>

/** Where the events of an update under way go: after `before`'s log, into `fresh`. */
interface EventGathering {
  before: AgentRunContext
  fresh: AgentEvent[]
}

// By root draft. Pushing into the draft's log made immer copy and walk the whole log per update.
const gatherings = new WeakMap<object, EventGathering>()

/** Runs an immer recipe so that the events it records land in `fresh`, not in the draft's log. */
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

/** Appends an event to a run's log (inside an immer recipe), numbering it; the event is frozen. */
export function recordEvent(draft: Draft<AgentRunContext>, at: Date, fields: EventFields): void {
  const gathering = gatherings.get(draft)
  const logged = gathering === undefined ? draft.events.length : gathering.before.events.length
  const event: AgentEvent = {
    runId: gathering?.before.runId ?? draft.runId,
    seq: logged + (gathering?.fresh.length ?? 0) + 1,
    at: at.toISOString(),
    ...fields,
  }
  // The only object an event holds; read from the draft, it must outlive the update.
  if (event.error !== undefined) {
    event.error = Object.freeze(isDraft(event.error) ? current(event.error) : event.error)
  }
  Object.freeze(event)
  if (gathering === undefined) draft.events.push(event)
  else gathering.fresh.push(event)
}
