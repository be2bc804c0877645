import type pg from 'pg'
import type { DecisionOffer, DecisionOfferResult, StoredDecision } from '../DecisionInbox.ts'
import { withTransaction } from './PostgresSource.ts'

/** The channel an accepted decision NOTIFYs with its run id. */
export const DECISIONS_CHANNEL = 'studypulse_decisions'

/**
 * Decides a card in one transaction: the UPDATE only matches an open, undecided card, so when
 * many nodes offer at once, PostgreSQL's row lock lets exactly one through; the others match
 * nothing and get `confirmation_not_found`, as does a decision on a card an edit took first. The NOTIFY wakes the run's owner, wherever it is.
 */
export function offerDecision(
  pool: pg.Pool,
  runId: string,
  offer: DecisionOffer,
): Promise<DecisionOfferResult> {
  return withTransaction(pool, async (client) => {
    const { rowCount } = await client.query(
      `UPDATE studypulse.pending_confirmations
       SET decision = $3, decided_by = $4, rule = $5, decided_at = now()
       WHERE confirmation_id = $1 AND run_id = $2 AND decision IS NULL AND resolved_at IS NULL
         AND edit_command IS NULL AND ($6::text IS NULL OR digest = $6)`,
      [
        offer.confirmationId,
        runId,
        offer.decision,
        offer.decidedBy,
        offer.rule ?? null,
        offer.digest ?? null,
      ],
    )
    if (rowCount !== 1) {
      return {
        ok: false,
        code: 'confirmation_not_found',
        message: `run ${runId} has no open confirmation ${offer.confirmationId}${offer.digest === undefined ? '' : ' for that call'}`,
      }
    }
    await client.query('SELECT pg_notify($1, $2)', [DECISIONS_CHANNEL, runId])
    return { ok: true }
  })
}

/** Accepted decisions of `runId` whose resolution is not logged yet, oldest first. */
export async function decidedUnresolved(pool: pg.Pool, runId: string): Promise<StoredDecision[]> {
  const { rows } = await pool.query<{
    confirmation_id: string
    digest: string
    decision: 'allow' | 'deny'
    decided_by: 'user' | 'policy' | 'timeout'
    rule: string | null
    decided_at: Date
  }>(
    `SELECT confirmation_id, digest, decision, decided_by, rule, decided_at
     FROM studypulse.pending_confirmations
     WHERE run_id = $1 AND decision IS NOT NULL AND resolved_at IS NULL
     ORDER BY decided_at, confirmation_id`,
    [runId],
  )
  return rows.map((row) => ({
    runId,
    confirmationId: row.confirmation_id,
    digest: row.digest,
    decision: row.decision,
    decidedBy: row.decided_by,
    ...(row.rule !== null && { rule: row.rule }),
    decidedAt: row.decided_at.toISOString(),
  }))
}

/** Runs held by `ownerId` that have an accepted decision not yet resolved in their log. */
export async function runsWithUnresolvedDecisions(
  pool: pg.Pool,
  ownerId: string,
): Promise<string[]> {
  const { rows } = await pool.query<{ run_id: string }>(
    `SELECT DISTINCT c.run_id FROM studypulse.pending_confirmations c
     JOIN studypulse.runs r ON r.run_id = c.run_id
     WHERE r.owner = $1 AND c.decision IS NOT NULL AND c.resolved_at IS NULL`,
    [ownerId],
  )
  return rows.map((r) => r.run_id)
}
