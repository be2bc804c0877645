import type pg from 'pg'
import { cardChanges } from '../confirmationCards.ts'
import type { RunCommit } from '../RunStore.ts'
import { RunStoreError } from '../RunStoreError.ts'
import { endedOutcome } from './postgresCommands.ts'

/** The channel a commit NOTIFYs with `{"runId","seq"}` once its events are durable (see migration 7). */
export const EVENTS_CHANNEL = 'studypulse_events'

const json = (value: unknown) => JSON.stringify(value)

/**
 * Writes one save of a run in one round trip (`studypulse.commit_run`, one statement and so one
 * transaction): the row (created if new), the snapshot, the events, messages, journal and audit
 * lines (chained: see migration 20), the ended flag, the confirmation cards the events open,
 * resolve or count an approval on, the commands it
 * applied (a save that ends the run answers the rest `run_ended`), and NOTIFYs that PostgreSQL
 * sends only if all of it commits. Refuses (`run_owned_elsewhere`) while another owner's lease on
 * the run is running, having written nothing.
 */
export async function commitRun(
  client: pg.ClientBase | pg.Pool,
  ownerId: string,
  runId: string,
  commit: RunCommit,
): Promise<void> {
  const { snapshot, events = [], messages, journal = [], audit = [], ended = false } = commit
  const commands = commit.commands ?? []
  const cards = cardChanges(commit)
  const field = (pick: (card: (typeof cards)[number]) => string | undefined) =>
    cards.map((card) => pick(card) ?? null)
  const { rows } = await client.query<{ held_by: string | null }>(
    `SELECT studypulse.commit_run($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11,
       $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23) AS held_by`,
    [
      runId,
      ownerId,
      snapshot === undefined ? null : json(snapshot),
      snapshot?.value ?? null,
      snapshot?.lastSeq ?? null,
      ended,
      events.map((e) => e.seq),
      events.map(json),
      json({ runId, seq: events.at(-1)?.seq }),
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
      audit.map(json),
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
