import type pg from 'pg'
import { cardChanges } from '../confirmationCards.ts'
import type { RunCommit } from '../RunStore.ts'
import { RunStoreError } from '../RunStoreError.ts'
import { chainFieldsOf } from '../runAuditChain.ts'
import { endedOutcome } from './postgresCommands.ts'

/**
 * The channel a commit NOTIFYs once its events are durable (see migration 7):
 * `{"runId","seq","events","messages"}`, the save's events and messages, so a follower needs no
 * read-back; only `{"runId","seq"}` when that would not fit in a notification. `runId` and `seq`
 * come first, so a node can route a notice before it parses the rest.
 */
export const EVENTS_CHANNEL = 'studypulse_events'

// PostgreSQL refuses a NOTIFY payload of 8000 bytes or more (counted in bytes, not characters).
const largestNote = 7900

const json = (value: unknown) => JSON.stringify(value)

function eventsNote(runId: string, commit: RunCommit, events: string[]): string {
  const seq = commit.events?.at(-1)?.seq
  const head = json({ runId, seq })
  const messages = commit.messages === undefined ? '' : `,"messages":${json(commit.messages)}`
  const whole = `${head.slice(0, -1)},"events":[${events.join(',')}]${messages}}`
  return Buffer.byteLength(whole) < largestNote ? whole : head
}

/** How a save is sent: relaxed (no wait for the WAL flush), and only to one server incarnation. */
export interface CommitGuard {
  /**
   * Commit without waiting for the disk (`synchronous_commit = off` for this save alone): a crash
   * of the database server may lose it, never a crash of this node. See `relaxedOnPostgres`.
   */
  relaxed?: boolean
  /**
   * `pg_postmaster_start_time()` as this node first read it: a save finding another refuses
   * (`store_unavailable`), since a relaxed save before it may have been lost with the old server,
   * and writing this one would leave a hole (see `ServerIncarnation`).
   */
  serverStartedAt?: string
}

const serverRestart = Symbol('server restarted')

/** Whether a save was refused because the database server restarted under it (see `CommitGuard`). */
export function isServerRestart(error: unknown): boolean {
  return typeof error === 'object' && error !== null && serverRestart in error
}

/**
 * Which saves commit without waiting for the disk on PostgreSQL: those with nothing a restore
 * could not make again. A card, a model's answer, a message, events and even audit lines (made
 * again from the event log on restore) may be lost with a crash of the database server, and the
 * run then comes back from its last durable save; a journal line (an intent, or an outcome no
 * effect's own commit holds), an applied command or a run's end may not. The server's WAL is
 * one sequence: the next waiting commit (a decision, an effect) makes every relaxed one before
 * it durable too.
 */
export function relaxedOnPostgres(commit: RunCommit): boolean {
  return (
    (commit.journal ?? []).length === 0 &&
    (commit.commands ?? []).length === 0 &&
    commit.ended !== true
  )
}

// What the statement answers instead of an owner when the server restarted (no owner id has it).
const restarted = '\u0001restarted'
const restartedMark = "chr(1) || 'restarted'"

/**
 * Writes one save of a run in one round trip (`studypulse.commit_run`, one statement and so one
 * transaction): the row (created if new), the snapshot, the events, messages, journal and audit
 * lines (chained per run: see migration 12), the ended flag, the confirmation cards the events open,
 * resolve or count an approval on, the commands it
 * applied (a save that ends the run answers the rest `run_ended`), and NOTIFYs that PostgreSQL
 * sends only if all of it commits. Refuses (`run_owned_elsewhere`) while another owner's lease on
 * the run is running, having written nothing. A new run's first save (`started`) also takes its
 * place in the run list, in the same statement (`studypulse.commit_started_run`), and with
 * `claimMs` its lease for this owner: the claim of a run made here, folded into its first save.
 */
export async function commitRun(
  client: pg.ClientBase | pg.Pool,
  ownerId: string,
  runId: string,
  commit: RunCommit,
  claimMs?: number,
  guard: CommitGuard = {},
): Promise<void> {
  const { snapshot, events = [], messages, journal = [], audit = [], ended = false } = commit
  const commands = commit.commands ?? []
  const cards = cardChanges(commit)
  const eventTexts = events.map(json)
  const field = (pick: (card: (typeof cards)[number]) => string | undefined) =>
    cards.map((card) => pick(card) ?? null)
  const { started } = commit
  const start =
    started === undefined
      ? []
      : [started.startedAt, started.title, started.owner ?? null, claimMs ?? null]
  const count = 23 + start.length
  const params = Array.from({ length: count }, (_, i) => `$${i + 1}`).join(', ')
  const call = `studypulse.${started === undefined ? 'commit_run' : 'commit_started_run'}(${params})`
  // One statement still: the save runs only on the server incarnation this node has seen, and a
  // relaxed one commits without waiting for its WAL flush (local to this statement's transaction).
  const { rows } = await client.query<{ held_by: string | null }>(
    `SELECT CASE WHEN $${count + 1}::timestamptz IS NULL
         OR pg_postmaster_start_time() = $${count + 1}::timestamptz
       THEN ${call} ELSE ${restartedMark} END AS held_by${
         guard.relaxed === true ? ", set_config('synchronous_commit', 'off', true)" : ''
       }`,
    [
      ...start,
      runId,
      ownerId,
      snapshot === undefined ? null : json(snapshot),
      snapshot?.value ?? null,
      snapshot?.lastSeq ?? null,
      ended,
      events.map((e) => e.seq),
      eventTexts,
      eventsNote(runId, commit, eventTexts),
      messages?.from ?? null,
      messages?.items.map(json) ?? [],
      field((c) => c.kind),
      field((c) => ('confirmationId' in c ? c.confirmationId : undefined)),
      field((c) => (c.kind === 'open' ? c.digest : undefined)),
      field((c) => (c.kind === 'resolve' ? c.decision : undefined)),
      field((c) => (c.kind === 'resolve' ? c.decidedBy : undefined)),
      field((c) => (c.kind === 'resolve' ? c.rule : undefined)),
      field((c) => (c.kind === 'approve' ? c.deciderId : undefined)),
      journal.map(json),
      // The chain's own fields (format 3: runId, n, prev, hash) are put in by commit_run.
      audit.map(chainFieldsOf),
      commands.map((c) => c.id),
      commands.map((c) => json({ version: 1, ...c.outcome })),
      json(endedOutcome),
      guard.serverStartedAt ?? null,
    ],
  )
  const heldBy = rows[0]?.held_by ?? null
  if (heldBy === restarted) {
    throw Object.assign(
      new RunStoreError(
        'store_unavailable',
        `PostgreSQL restarted since this node last saved run ${runId}; the run is restored from what the database kept`,
      ),
      { [serverRestart]: true },
    )
  }
  if (heldBy !== null) {
    throw new RunStoreError(
      'run_owned_elsewhere',
      `run ${runId} is held by ${heldBy}; this node (${ownerId}) may not save it`,
    )
  }
}
