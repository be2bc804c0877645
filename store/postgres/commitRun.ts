import type pg from 'pg'
import { cardChanges } from '../confirmationCards.ts'
import type { RunCommit } from '../RunStore.ts'
import { RunStoreError } from '../RunStoreError.ts'

/** The channel a commit NOTIFYs with `{"runId","seq"}` once its events are durable. */
export const EVENTS_CHANNEL = 'studypulse_events'

const json = (value: unknown) => JSON.stringify(value)

/**
 * Writes one save of a run inside the caller's transaction: the row (created if new), the
 * snapshot, the events, journal and audit lines, the ended flag, the confirmation cards the
 * events open or resolve, and a NOTIFY that PostgreSQL sends only if all of it commits.
 * Refuses (`run_owned_elsewhere`) while another owner's lease on the run is running.
 */
export async function commitRun(
  client: pg.ClientBase,
  ownerId: string,
  runId: string,
  commit: RunCommit,
): Promise<void> {
  await client.query(
    'INSERT INTO studypulse.runs (run_id) VALUES ($1) ON CONFLICT (run_id) DO NOTHING',
    [runId],
  )
  const { rows } = await client.query<{ owner: string | null; live: boolean }>(
    'SELECT owner, lease_expires_at > now() AS live FROM studypulse.runs WHERE run_id = $1 FOR UPDATE',
    [runId],
  )
  const row = rows[0]
  if (row?.owner != null && row.owner !== ownerId && row.live) {
    throw new RunStoreError(
      'run_owned_elsewhere',
      `run ${runId} is held by ${row.owner}; this node (${ownerId}) may not save it`,
    )
  }
  const { snapshot, events = [], journal = [], audit = [], ended } = commit
  if (snapshot !== undefined) {
    await client.query(
      `UPDATE studypulse.runs SET snapshot = $2, value = $3, last_seq = $4, updated_at = now()
       WHERE run_id = $1`,
      [runId, json(snapshot), snapshot.value, snapshot.lastSeq],
    )
  }
  if (ended) {
    await client.query("UPDATE studypulse.runs SET status = 'ended' WHERE run_id = $1", [runId])
  }
  if (events.length > 0) {
    await client.query(
      `INSERT INTO studypulse.run_events (run_id, seq, event)
       SELECT $1, s, e::json FROM unnest($2::integer[], $3::text[]) AS t (s, e)`,
      [runId, events.map((e) => e.seq), events.map(json)],
    )
  }
  await updateCards(client, runId, commit)
  await appendRecords(client, 'run_journal', runId, journal)
  await appendRecords(client, 'audit', runId, audit)
  const lastSeq = events.at(-1)?.seq
  if (lastSeq !== undefined) {
    await client.query('SELECT pg_notify($1, $2)', [EVENTS_CHANNEL, json({ runId, seq: lastSeq })])
  }
}

async function appendRecords(
  client: pg.ClientBase,
  table: 'run_journal' | 'audit',
  runId: string,
  records: readonly unknown[],
): Promise<void> {
  if (records.length === 0) return
  await client.query(
    `INSERT INTO studypulse.${table} (run_id, record)
     SELECT $1, r::json FROM unnest($2::text[]) WITH ORDINALITY AS t (r, n) ORDER BY n`,
    [runId, records.map(json)],
  )
}

async function updateCards(client: pg.ClientBase, runId: string, commit: RunCommit): Promise<void> {
  for (const change of cardChanges(commit)) {
    if (change.kind === 'closeAll') {
      await closeOpenCards(client, runId)
    } else if (change.kind === 'open') {
      await closeOpenCards(client, runId)
      await client.query(
        `INSERT INTO studypulse.pending_confirmations (confirmation_id, run_id, digest)
         VALUES ($1, $2, $3) ON CONFLICT (confirmation_id) DO NOTHING`,
        [change.confirmationId, runId, change.digest],
      )
    } else {
      await client.query(
        `UPDATE studypulse.pending_confirmations SET
           decision = coalesce(decision, $3), decided_by = coalesce(decided_by, $4),
           rule = CASE WHEN decision IS NULL THEN $5 ELSE rule END,
           decided_at = coalesce(decided_at, now()), resolved_at = now()
         WHERE confirmation_id = $1 AND run_id = $2 AND resolved_at IS NULL`,
        [
          change.confirmationId,
          runId,
          change.decision ?? null,
          change.decidedBy ?? null,
          change.rule ?? null,
        ],
      )
    }
  }
}

/** Retires every open card of a run: no decision on them can be accepted any more. */
export async function closeOpenCards(client: pg.ClientBase, runId: string): Promise<void> {
  await client.query(
    `UPDATE studypulse.pending_confirmations SET resolved_at = now()
     WHERE run_id = $1 AND resolved_at IS NULL`,
    [runId],
  )
}
