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
  const params = Array.from({ length: 23 + start.length }, (_, i) => `$${i + 1}`).join(', ')
  const { rows } = await client.query<{ held_by: string | null }>(
    `SELECT studypulse.${started === undefined ? 'commit_run' : 'commit_started_run'}(${params}) AS held_by`,
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
    ],
  )
  const heldBy = rows[0]?.held_by ?? null
  if (heldBy !== null) {
    throw new RunStoreError(
      'run_owned_elsewhere',
      `run ${runId} is held by ${heldBy}; this node (${ownerId}) may not save it`,
    )
  }
}
