import { z } from 'zod'

/** What a person can tell a run from any node: their next message, a cancel, an edit of the card. */
export type RunCommand =
  | { kind: 'input'; text: string }
  | { kind: 'cancel'; reason?: string }
  /** Take back executed workspace change `changeId`: an `undo_change` card is proposed. */
  | { kind: 'undo'; changeId: string }
  /** A change asked from the app's own buttons: call `tool` with `args` (JSON text), after `words`. */
  | { kind: 'propose'; tool: string; args: string; words: string }
  /** New arguments (JSON text) for the call on card `confirmationId`. */
  | { kind: 'edit'; confirmationId: string; args: string }

/** Why the run's owner refused a command, as `AgentError` codes. */
export type RunCommandRefusal =
  | 'invalid_input'
  | 'not_awaiting_input'
  | 'confirmation_not_found'
  | 'invalid_edit'
  | 'run_ended'

/** What applying a command came to; an edit names the new card. */
export type RunCommandOutcome =
  | { ok: true; confirmationId?: string }
  | { ok: false; code: RunCommandRefusal; message: string }

/** Whether the store took the command; refused when the run is unknown, ended, or the card is not open. */
export type RunCommandOfferResult =
  | { ok: true; id: string }
  | {
      ok: false
      code: 'run_not_found' | 'run_ended' | 'confirmation_not_found' | 'run_owned_elsewhere'
      message: string
    }

/** A command the store holds that the run's owner has not applied yet. */
export interface StoredRunCommand {
  /** Store-wide, increasing in the order commands were offered. */
  id: string
  runId: string
  /** Undefined when the stored command cannot be read (it is then refused, not applied). */
  command: RunCommand | undefined
  /** ISO time the store took it. */
  offeredAt: string
}

/** A command the owner applied, recorded in the same commit as the run's state it led to. */
export interface AppliedRunCommand {
  id: string
  outcome: RunCommandOutcome
}

// Commands and outcomes are stored with a version and read back through these schemas.
const StoredCommandSchema = z.discriminatedUnion('kind', [
  z.object({ version: z.literal(1), kind: z.literal('input'), text: z.string() }),
  z.object({ version: z.literal(1), kind: z.literal('cancel'), reason: z.string().optional() }),
  z.object({ version: z.literal(1), kind: z.literal('undo'), changeId: z.string() }),
  z.object({
    version: z.literal(1),
    kind: z.literal('propose'),
    tool: z.string(),
    args: z.string(),
    words: z.string(),
  }),
  z.object({
    version: z.literal(1),
    kind: z.literal('edit'),
    confirmationId: z.string(),
    args: z.string(),
  }),
])

const StoredOutcomeSchema = z.union([
  z.object({ version: z.literal(1), ok: z.literal(true), confirmationId: z.string().optional() }),
  z.object({
    version: z.literal(1),
    ok: z.literal(false),
    code: z.enum([
      'invalid_input',
      'not_awaiting_input',
      'confirmation_not_found',
      'invalid_edit',
      'run_ended',
    ]),
    message: z.string(),
  }),
])

/** Reads a stored command; undefined when it does not parse. */
export function parseStoredCommand(value: unknown): RunCommand | undefined {
  const parsed = StoredCommandSchema.safeParse(value)
  if (!parsed.success) return undefined
  const { version: _version, ...command } = parsed.data
  return command as RunCommand
}

/** Reads a stored outcome; a damaged one reads as a refusal, never as success. */
export function parseStoredOutcome(value: unknown): RunCommandOutcome {
  const parsed = StoredOutcomeSchema.safeParse(value)
  if (!parsed.success) {
    return { ok: false, code: 'invalid_input', message: 'the stored outcome cannot be read' }
  }
  const { version: _version, ...outcome } = parsed.data
  return outcome as RunCommandOutcome
}
