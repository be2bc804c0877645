import { z } from 'zod'
import { CallDescriptionSchema } from '../vocabulary/CallDescription.ts'
import type { StoredRunSnapshot } from './RunStore.ts'

// What a card showed: a run saved before descriptions has none, and restores as it was.
const Described = z.looseObject({ description: CallDescriptionSchema.optional() })

// Only what restore relies on is checked; the rest of the context is the statechart's own.
const ContextSchema = z.looseObject({
  runId: z.string().min(1),
  // An assistant message's reasoning came later: a run saved before it has none, and reads as it was.
  messages: z.array(z.looseObject({ role: z.string(), reasoning: z.string().optional() })),
  retiredConfirmationIds: z.array(z.string()),
  current: Described.optional(),
  pending: Described.optional(),
})

const PersistedSchema = z.looseObject({
  status: z.string(),
  value: z.string(),
  context: ContextSchema,
})

const CurrentSchema = z.strictObject({
  version: z.literal(2),
  runId: z.string().min(1),
  value: z.string(),
  snapshot: PersistedSchema,
  lastSeq: z.int().min(0),
  messageCount: z.int().min(0).optional(),
})

// Written before the event log left the statechart: XState's snapshot itself, events inside.
const Version1Schema = PersistedSchema.extend({
  context: ContextSchema.extend({ events: z.array(z.looseObject({ seq: z.int() })) }),
})

/** A stored snapshot read back: the current form, plus the events a version 1 file carried inside. */
export interface ParsedRunSnapshot {
  snapshot: StoredRunSnapshot
  /** Events a version 1 snapshot held in its context; the log must contain them. */
  embeddedEvents: readonly { seq: number }[]
}

/**
 * Reads a stored run snapshot of any version, migrating an old one: version 1 (no `version`) held
 * the whole event log in its context and the model's invoked actor among its children.
 * Returns a reason string when it is neither.
 */
export function parseStoredRunSnapshot(raw: unknown, runId: string): ParsedRunSnapshot | string {
  const current = CurrentSchema.safeParse(raw)
  if (current.success) {
    if (current.data.runId !== runId) return `it belongs to run ${current.data.runId}`
    return { snapshot: current.data as StoredRunSnapshot, embeddedEvents: [] }
  }
  const old = Version1Schema.safeParse(raw)
  if (!old.success) return 'it is not a run snapshot of any known version'
  const { events, ...context } = old.data.context
  if (context.runId !== runId) return `it belongs to run ${context.runId}`
  if (!events.every((e, i) => e.seq === i + 1)) return 'its event log is out of order'
  const lastSeq = events.length
  return {
    snapshot: {
      version: 2,
      runId,
      value: old.data.value,
      // Invoked actors are gone from the statechart: the runtime does the I/O itself now.
      snapshot: { ...old.data, children: {}, context: { ...context, version: 2, lastSeq } },
      lastSeq,
    },
    embeddedEvents: events,
  }
}
