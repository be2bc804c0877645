import type pg from 'pg'
import type { RunChainHead } from '../runAuditChain.ts'
import { type RunChainsCheck, verifyRunChains } from '../verifyRunChains.ts'

/** How often a node offers to write the audit checkpoint, by default (ms). */
export const defaultCheckpointEveryMs = 5_000

/**
 * Writes a checkpoint over the audit chain heads that moved, unless another node is writing one
 * right now (a try-lock that skips, never queues) or one was written less than `minIntervalMs`
 * ago. Returns its number, or undefined when none was written.
 */
export async function writeAuditCheckpoint(
  db: pg.Pool | pg.ClientBase,
  minIntervalMs = 0,
): Promise<number | undefined> {
  const { rows } = await db.query<{ seq: string | null }>(
    'SELECT studypulse.audit_checkpoint($1) AS seq',
    [minIntervalMs],
  )
  const seq = rows[0]?.seq
  return seq === null || seq === undefined ? undefined : Number(seq)
}

/**
 * Offers a checkpoint every `everyMs` on this node (each node does; the try-lock and the interval
 * make it one checkpoint per interval for all of them). The timer does not keep the process up.
 */
export function checkpointEvery(pool: pg.Pool, everyMs: number): () => void {
  let busy = false
  const timer = setInterval(() => {
    // One offer at a time; a failed one is retried by the next tick, and nothing waits on it.
    if (busy) return
    busy = true
    writeAuditCheckpoint(pool, everyMs / 2)
      .catch(() => undefined)
      .finally(() => {
        busy = false
      })
  }, everyMs)
  timer.unref()
  return () => clearInterval(timer)
}

/** The audit log as stored, for verify: its lines in `id` order, its checkpoints, and each run's head. */
export interface StoredAuditLog {
  lines: string[]
  checkpoints: string[]
  heads: Map<string, RunChainHead>
}

/**
 * Reads the log's exact text (the `json` columns keep it byte for byte). A database not yet at
 * migration 12 (verify does not migrate) has no checkpoints or heads: its lines are read alone.
 */
export async function readStoredAuditLog(db: pg.Pool | pg.ClientBase): Promise<StoredAuditLog> {
  const lines = await db.query<{ line: string }>(
    'SELECT record::text AS line FROM studypulse.audit ORDER BY id',
  )
  const found = await db.query<{ checkpoints: string | null }>(
    "SELECT to_regclass('studypulse.audit_checkpoints')::text AS checkpoints",
  )
  if (found.rows[0]?.checkpoints == null)
    return { lines: lines.rows.map((r) => r.line), checkpoints: [], heads: new Map() }
  const checkpoints = await db.query<{ text: string }>(
    'SELECT record::text AS text FROM studypulse.audit_checkpoints ORDER BY seq',
  )
  const heads = await db.query<{ run_id: string; audit_n: number; audit_head: string }>(
    'SELECT run_id, audit_n, audit_head FROM studypulse.runs WHERE audit_n > 0',
  )
  return {
    lines: lines.rows.map((r) => r.line),
    checkpoints: checkpoints.rows.map((r) => r.text),
    heads: new Map(heads.rows.map((r) => [r.run_id, { n: r.audit_n, hash: r.audit_head }])),
  }
}

/** Verifies the database's audit log: every per-run chain, the older log and the checkpoints. */
export async function verifyStoredAuditLog(db: pg.Pool | pg.ClientBase): Promise<RunChainsCheck> {
  const log = await readStoredAuditLog(db)
  return verifyRunChains({ ...log, where: "the run's row" })
}
