import { type Draft, Immer } from 'immer'
import { deepFreeze } from '../tools/deepFreeze.ts'
import type { AgentEvent } from '../vocabulary/AgentEvent.ts'
import type { AgentRunContext } from './agentRunTypes.ts'
import { gatherEvents } from './recordEvent.ts'

// Immer's auto-freeze walks the whole context after every update, so each action cost O(length
// of the run). This instance does not freeze; `freezeChanges` freezes only what the update made.
const immer = new Immer({ autoFreeze: false })

/** A run's context after an update, and the events the update logged. */
export interface ContextUpdate {
  context: AgentRunContext
  events: AgentEvent[]
}

/**
 * Applies an immer recipe to a run's context; the new entries and objects it made are frozen.
 * The events it records come back beside the context, which keeps only their last `seq`.
 */
export function updateContext(
  context: AgentRunContext,
  recipe: (draft: Draft<AgentRunContext>) => void,
): ContextUpdate {
  const events: AgentEvent[] = []
  const next = freezeChanges(
    immer.produce(context, (draft) => gatherEvents(draft, context, events, recipe)),
    context,
  )
  const last = events.at(-1)
  return { context: last === undefined ? next : { ...next, lastSeq: last.seq }, events }
}

/**
 * Deep-freezes the fields of `next` that differ from `prev`; of a changed array, only the entries
 * that differ. The arrays themselves stay unfrozen: V8 freezes an array in O(length), which would
 * make every update O(length of the run) again. Unchanged parts were frozen when they were made.
 */
export function freezeChanges<T extends object>(next: T, prev: object | undefined): T {
  if (next === prev) return next
  const before = (prev ?? {}) as Record<string, unknown>
  for (const key of Object.keys(next)) {
    const value = (next as Record<string, unknown>)[key]
    const old = before[key]
    if (value === old) continue
    if (Array.isArray(value)) {
      const oldList: readonly unknown[] = Array.isArray(old) ? old : []
      for (let i = 0; i < value.length; i++) if (value[i] !== oldList[i]) deepFreeze(value[i])
    } else {
      deepFreeze(value)
    }
  }
  return next
}

/**
 * `updateContext` for recipes that only log events and set top-level scalar fields (a status
 * change, a turn count): the draft is a plain copy, so the update skips immer entirely.
 */
export function updateShallow(
  context: AgentRunContext,
  recipe: (draft: Draft<AgentRunContext>) => void,
): ContextUpdate {
  const events: AgentEvent[] = []
  const draft = { ...context }
  gatherEvents(draft as Draft<AgentRunContext>, context, events, recipe)
  const last = events.at(-1)
  if (last !== undefined) draft.lastSeq = last.seq
  return { context: draft, events }
}
