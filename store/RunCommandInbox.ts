import { z } from 'zod'

/** What a person can tell a run from any node: their next message, a cancel, an edit of the card. */
export type RunCommand =
  | { kind: 'input'; text: string }
  | { kind: 'cancel'; reason?: string }
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
      code: 'run_not_found' | 'run_ended' | 'confirmation_not_found'
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

/**
 * An optional extension of `RunStore` for runtimes on several nodes: commands to a run go through
 * the store to its owner, which applies them in order and records each as applied in the commit
 * that saves what it did (`RunCommit.commands`), so a takeover after a crash applies each once.
 * An edit is a compare-and-set on the open card: it wins over decisions offered after it.
 */
export interface RunCommandInbox {
  /** Stores a command for `runId`'s owner and wakes it. */
  offerCommand(runId: string, command: RunCommand): Promise<RunCommandOfferResult>
  /** Commands of `runId` not applied yet, oldest first. */
  pendingCommands(runId: string): Promise<StoredRunCommand[]>
  /**
   * Calls `listener` with the run id whenever any node offers a command (and, after a lost
   * connection, with each of this node's runs that has one waiting); returns an unsubscribe.
   */
  onCommand(listener: (runId: string) => void): () => void
  /** Resolves with the command's outcome once its owner applied it; undefined if not within `timeoutMs`. */
  commandOutcome(id: string, timeoutMs: number): Promise<RunCommandOutcome | undefined>
}

/** Whether `store` carries commands between nodes (see `RunCommandInbox`). */
export function hasRunCommandInbox<S extends object>(store: S): store is S & RunCommandInbox {
  const candidate = store as Partial<RunCommandInbox>
  return (
    typeof candidate.offerCommand === 'function' &&
    typeof candidate.pendingCommands === 'function' &&
    typeof candidate.onCommand === 'function' &&
    typeof candidate.commandOutcome === 'function'
  )
}

// Commands and outcomes are stored with a version and read back through these schemas.
const StoredCommandSchema = z.discriminatedUnion('kind', [
  z.object({ version: z.literal(1), kind: z.literal('input'), text: z.string() }),
  z.object({ version: z.literal(1), kind: z.literal('cancel'), reason: z.string().optional() }),
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
