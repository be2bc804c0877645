import type pg from 'pg'
import { cardChanges } from '../confirmationCards.ts'
import type { RunCommit } from '../RunStore.ts'
import { RunStoreError } from '../RunStoreError.ts'
import { recordAppliedCommands } from './postgresCommands.ts'

/** The channel a commit NOTIFYs with `{"runId","seq"}` once its events are durable. */
export const EVENTS_CHANNEL = 'studypulse_events'

const json = (value: unknown) => JSON.stringify(value)

/**
 * Writes one save of a run inside the caller's transaction: the row (created if new), the
 * snapshot, the events, journal and audit lines, the ended flag, the confirmation cards the
 * events open or resolve, the commands it applied (see `recordAppliedCommands`), and a NOTIFY that PostgreSQL sends only if all of it commits.
 * Refuses (`run_owned_elsewhere`) while another owner's lease on the run is running.
 */
export async function commitRun(
  client: pg.ClientBase,
  ownerId: string,
  runId: string,
  commit: RunCommit,
): Promise<void> {
  // One round trip creates the row if new and locks it (ON CONFLICT DO UPDATE takes the row lock),
  // so a claim cannot change hands between this check and the writes below.
  const { rows } = await client.query<{ owner: string | null; live: boolean | null }>(
    `INSERT INTO studypulse.runs (run_id) VALUES ($1)
     ON CONFLICT (run_id) DO UPDATE SET run_id = EXCLUDED.run_id
     RETURNING owner, lease_expires_at > now() AS live`,
    [runId],
  )
  const row = rows[0]
  if (row?.owner != null && row.owner !== ownerId && row.live === true) {
    throw new RunStoreError(
      'run_owned_elsewhere',
      `run ${runId} is held by ${row.owner}; this node (${ownerId}) may not save it`,
    )
  }
  const { snapshot, events = [], journal = [], audit = [], ended } = commit
  if (snapshot !== undefined || ended) {
    const sets = ['updated_at = now()']
    const values: unknown[] = [runId]
    if (snapshot !== undefined) {
      values.push(json(snapshot), snapshot.value, snapshot.lastSeq)
      sets.push('snapshot = $2', 'value = $3', 'last_seq = $4')
    }
    if (ended) sets.push("status = 'ended'")
    await client.query(`UPDATE studypulse.runs SET ${sets.join(', ')} WHERE run_id = $1`, values)
  }
  const lastSeq = events.at(-1)?.seq
  if (lastSeq !== undefined) {
    await client.query(
      `WITH inserted AS (
         INSERT INTO studypulse.run_events (run_id, seq, event)
         SELECT $1, s, e::json FROM unnest($2::integer[], $3::text[]) AS t (s, e)
         RETURNING seq
       )
       SELECT pg_notify($4, $5) WHERE EXISTS (SELECT 1 FROM inserted)`,
      [
        runId,
        events.map((e) => e.seq),
        events.map(json),
        EVENTS_CHANNEL,
        json({ runId, seq: lastSeq }),
      ],
    )
  }
  const { messages } = commit
  if (messages !== undefined) {
    // Positions from `from` on are this save's: any left by a lost save are replaced.
    await client.query('DELETE FROM studypulse.run_messages WHERE run_id = $1 AND position >= $2', [
      runId,
      messages.from,
    ])
    if (messages.items.length > 0) {
      await client.query(
        `INSERT INTO studypulse.run_messages (run_id, position, message)
         SELECT $1, p, m::json FROM unnest($2::integer[], $3::text[]) AS t (p, m)`,
        [runId, messages.items.map((_, i) => messages.from + i), messages.items.map(json)],
      )
    }
  }
  await updateCards(client, runId, commit)
  await recordAppliedCommands(client, runId, commit)
  await appendRecords(client, 'run_journal', runId, journal)
  await appendRecords(client, 'audit', runId, audit)
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
