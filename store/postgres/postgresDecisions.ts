import { createHash } from 'node:crypto'
import type pg from 'pg'
import type { WinningDecision } from '../../vocabulary/DecisionRequest.ts'
import type { Identity } from '../../vocabulary/Identity.ts'
import type {
  DecisionOffer,
  DecisionOfferResult,
  StoredDecision,
  StoredKeptRule,
} from '../RunCluster.ts'

/**
 * The channel an accepted decision of a run nobody holds NOTIFYs on; a held run's goes to its
 * owner's own channel (`decisionsChannelOf`), so only that node is woken. The payload is the
 * decision as JSON (a `StoredDecision`), so the owner need not read it back; only `{"runId"}`
 * when it would not fit in a notification.
 */
export const DECISIONS_CHANNEL = 'studypulse_decisions'

/** The channel the node `ownerId` hears its runs' decisions on (an identifier: md5 hex). */
export function decisionsChannelOf(ownerId: string): string {
  return `${DECISIONS_CHANNEL}_${createHash('md5').update(ownerId).digest('hex')}`
}

// PostgreSQL refuses a NOTIFY payload of 8000 bytes or more.
const largestNote = 7900

/**
 * Decides a card in one transaction: the UPDATE only matches an open, undecided card, so when
 * many nodes offer at once, PostgreSQL's row lock lets exactly one through; the others match
 * nothing and get `confirmation_not_found`, as does a decision on a card an edit took first, and
 * a person's on a card past its stored deadline. The NOTIFY wakes the run's owner, wherever it
 * is, and no other node.
 */
export async function offerDecision(
  pool: pg.Pool,
  runId: string,
  offer: DecisionOffer,
): Promise<DecisionOfferResult> {
  // One statement, so one round trip and its own transaction: the NOTIFY goes out only if the
  // UPDATE matched and committed.
  const { rowCount } = await pool.query(
    `WITH decided AS (
       UPDATE studypulse.pending_confirmations
       SET decision = $3, decided_by = $4, rule = $5, keep = $8::json, decider = $9::json,
         receipt = $10::json, decided_at = now()
       WHERE confirmation_id = $1 AND run_id = $2 AND decision IS NULL AND resolved_at IS NULL
         AND edit_command IS NULL AND ($6::text IS NULL OR digest = $6)
         -- Past its deadline (the database's clock) a card takes only the clock's own denial.
         AND (expires_at IS NULL OR expires_at > now() OR $4 = 'timeout')
       RETURNING json_build_object('runId', run_id, 'confirmationId', confirmation_id,
         'digest', digest, 'decision', decision, 'decidedBy', decided_by, 'rule', rule,
         'keep', keep, 'decider', decider, 'receipt', receipt, 'decidedAt', decided_at)::text
         AS note, run_id,
         (SELECT owner FROM studypulse.runs r WHERE r.run_id = $2) AS owner
     )
     SELECT pg_notify(
       CASE WHEN owner IS NULL THEN $7 ELSE $7 || '_' || md5(owner) END,
       CASE WHEN octet_length(note) < ${largestNote} THEN note
         ELSE json_build_object('runId', run_id)::text END) FROM decided`,
    [
      offer.confirmationId,
      runId,
      offer.decision,
      offer.decidedBy,
      offer.rule ?? null,
      offer.digest ?? null,
      DECISIONS_CHANNEL,
      offer.keep === undefined ? null : JSON.stringify(offer.keep),
      offer.decider === undefined ? null : JSON.stringify(offer.decider),
      offer.receipt === undefined ? null : JSON.stringify(offer.receipt),
    ],
  )
  if (rowCount === 1) return { ok: true }
  // Lost to a decision the store took first: which one, so the decider is told (a card unknown,
  // edited or for another call has none).
  const { rows } = await pool.query<{ decision: string; decided_by: string; decider: unknown }>(
    `SELECT decision, decided_by, decider FROM studypulse.pending_confirmations
       WHERE confirmation_id = $1 AND run_id = $2 AND decision IS NOT NULL`,
    [offer.confirmationId, runId],
  )
  const winner = rows[0]
  return {
    ok: false,
    code: 'confirmation_not_found',
    message:
      winner === undefined
        ? `run ${runId} has no open confirmation ${offer.confirmationId}${offer.digest === undefined ? '' : ' for that call'}`
        : `confirmation ${offer.confirmationId} of run ${runId} was decided first by another decision`,
    ...(winner !== undefined && { lost: winningDecision(winner) }),
  }
}

// A stored decision as a lost offer names it (the columns were written by `offerDecision`).
function winningDecision(row: {
  decision: string
  decided_by: string
  decider: unknown
}): WinningDecision {
  const decider = row.decider as { id?: unknown; name?: unknown } | null
  return {
    decision: row.decision === 'allow' ? 'allow' : 'deny',
    decidedBy:
      row.decided_by === 'policy' || row.decided_by === 'timeout' ? row.decided_by : 'user',
    ...(typeof decider?.id === 'string' && {
      decider: {
        id: decider.id,
        ...(typeof decider.name === 'string' && { name: decider.name }),
      },
    }),
  }
}

/**
 * What a decision notice says: the run, and the decision when it came whole. A payload that is
 * not JSON is a bare run id (as nodes before the notice carried the decision sent it).
 */
export function parseDecisionNote(
  payload: string,
): { runId: string; decision?: StoredDecision } | undefined {
  if (!payload.startsWith('{')) return payload === '' ? undefined : { runId: payload }
  let note: Record<string, unknown>
  try {
    note = JSON.parse(payload) as Record<string, unknown>
  } catch {
    return undefined
  }
  const { runId, confirmationId, digest, decision, decidedBy, rule, keep, decider, decidedAt } =
    note
  const { receipt } = note
  if (typeof runId !== 'string') return undefined
  // Only shapes are checked here: the run's guard alone judges ids and digests.
  const isText = (value: unknown): value is string => typeof value === 'string'
  const whole =
    isText(confirmationId) &&
    isText(digest) &&
    (decision === 'allow' || decision === 'deny') &&
    (decidedBy === 'user' || decidedBy === 'policy' || decidedBy === 'timeout') &&
    typeof decidedAt === 'string' &&
    (rule === null || typeof rule === 'string')
  if (!whole) return { runId }
  return {
    runId,
    decision: {
      runId,
      confirmationId,
      digest,
      decision,
      decidedBy,
      ...(typeof rule === 'string' && { rule }),
      ...(keep !== null && keep !== undefined && { keep }),
      ...(receipt !== null && receipt !== undefined && { receipt }),
      ...(identity(decider) && { decider: identity(decider) }),
      // As `decidedUnresolved` gives it: PostgreSQL's JSON time has no zone letter.
      decidedAt: new Date(decidedAt).toISOString(),
    },
  }
}

/** Accepted decisions of `runId` whose resolution is not logged yet, oldest first. */
export async function decidedUnresolved(pool: pg.Pool, runId: string): Promise<StoredDecision[]> {
  const { rows } = await pool.query<{
    confirmation_id: string
    digest: string
    decision: 'allow' | 'deny'
    decided_by: 'user' | 'policy' | 'timeout'
    rule: string | null
    keep: unknown
    decider: unknown
    receipt: unknown
    decided_at: Date
  }>(
    `SELECT confirmation_id, digest, decision, decided_by, rule, keep, decider, receipt, decided_at
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
    ...(row.keep !== null && { keep: row.keep }),
    ...(row.receipt !== null && { receipt: row.receipt }),
    ...(identity(row.decider) && { decider: identity(row.decider) }),
    decidedAt: row.decided_at.toISOString(),
  }))
}

// The decider as stored, read back only as far as it is an identity (ids, a name, groups).
function identity(raw: unknown): Identity | undefined {
  if (raw === null || typeof raw !== 'object') return undefined
  const { id, name, groups } = raw as Record<string, unknown>
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined)
  const groupList = Array.isArray(groups) ? groups.filter((g) => typeof g === 'string') : undefined
  return {
    ...(text(id) !== undefined && { id: text(id) }),
    ...(text(name) !== undefined && { name: text(name) }),
    ...(groupList !== undefined && { groups: groupList }),
  }
}

/** Undoes the accepted, unresolved decision on a card, so it can be decided again. */
export async function releaseDecision(
  pool: pg.Pool,
  runId: string,
  confirmationId: string,
): Promise<void> {
  await pool.query(
    `UPDATE studypulse.pending_confirmations SET decision = NULL, decided_by = NULL, rule = NULL,
       keep = NULL, decider = NULL, decided_at = NULL
     WHERE confirmation_id = $1 AND run_id = $2 AND resolved_at IS NULL`,
    [confirmationId, runId],
  )
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

/** The rules kept with the accepted decisions of `runId`, oldest first, as stored (unchecked). */
export async function keptRulesOf(pool: pg.Pool, runId: string): Promise<StoredKeptRule[]> {
  const { rows } = await pool.query<{
    confirmation_id: string
    decision: 'allow' | 'deny'
    decided_by: 'user' | 'policy' | 'timeout'
    keep: unknown
  }>(
    `SELECT confirmation_id, decision, decided_by, keep FROM studypulse.pending_confirmations
     WHERE run_id = $1 AND keep IS NOT NULL AND decision IS NOT NULL
     ORDER BY decided_at, confirmation_id`,
    [runId],
  )
  return rows.map((row) => ({
    confirmationId: row.confirmation_id,
    decision: row.decision,
    decidedBy: row.decided_by,
    keep: row.keep,
  }))
}

/**
 * Clears the rules kept with `runId`'s decisions that are for `tool` and `effect`. The kept
 * rules are read here rather than in SQL: a forged one could hold text PostgreSQL cannot walk.
 */
export async function forgetKeptRules(
  pool: pg.Pool,
  runId: string,
  tool: string,
  effect: string,
): Promise<void> {
  const matching = (await keptRulesOf(pool, runId))
    .filter(({ keep }) => {
      const rule = keep as { tool?: unknown; effect?: unknown } | null
      return typeof rule === 'object' && rule?.tool === tool && rule.effect === effect
    })
    .map((stored) => stored.confirmationId)
  if (matching.length === 0) return
  await pool.query(
    'UPDATE studypulse.pending_confirmations SET keep = NULL WHERE run_id = $1 AND confirmation_id = ANY($2::text[])',
    [runId, matching],
  )
}
