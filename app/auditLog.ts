import { existsSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'libsql'
import pg from 'pg'
import type { AuditReceiptsCheck, TrustedPasskey } from '../runtime/verifyAuditReceipts.ts'
import type { ChainCheck } from '../store/auditChain.ts'
import { readAuditLines } from '../store/auditFile.ts'
import { readStoredAuditLog, type StoredAuditLog } from '../store/postgres/postgresAuditLog.ts'
import { sqliteFault } from '../store/sqlite/sqliteFaults.ts'
import {
  checkIntact,
  readSqliteAuditLines,
  sqliteFileName,
} from '../store/sqlite/sqliteRunStore.ts'
import type { RunChainsCheck } from '../store/verifyRunChains.ts'
import { countOf } from '../vocabulary/countOf.ts'
import { postgresPasskeys, sqlitePasskeys } from './auditPasskeys.ts'

/** Where the audit log is read from, and its lines as their exact text, oldest first. */
export interface AuditLog {
  location: string
  lines: string[]
  /** In the database: its checkpoints and each run's head (per-run chains, migration 12). */
  stored?: StoredAuditLog
  /** The passkeys the store registered, to check the receipts with (none for `audit.jsonl`). */
  passkeys?: Map<string, TrustedPasskey>
}

/**
 * The app's audit log as written: the workspace folder's SQLite file (its `audit` table keeps each
 * line's text exactly), `audit.jsonl` in a folder the SQLite store never opened, or, with
 * `STUDYPULSE_DATABASE_URL`, the database's `studypulse.audit` table with its checkpoints (its `json` column
 * keeps each line's text exactly, so the chains can be checked there too).
 */
export async function readAuditLog(
  root: string,
  databaseUrl: string | undefined,
): Promise<AuditLog> {
  if (databaseUrl === undefined || databaseUrl === '') {
    const file = join(root, sqliteFileName)
    if (existsSync(file)) {
      // Read-only: a look at the log must never change it (nor migrate or import anything).
      try {
        const db = new Database(file, { readonly: true })
        try {
          // The whole file, not only the audit's pages: a damaged page elsewhere is said too.
          checkIntact(db, file)
          return {
            location: `${file} (audit)`,
            lines: readSqliteAuditLines(db),
            passkeys: sqlitePasskeys(db),
          }
        } finally {
          db.close()
        }
      } catch (error) {
        // "file is not a database" named no file: the refusal names it and says what to do.
        throw sqliteFault(error, file) ?? error
      }
    }
    const location = join(root, 'audit.jsonl')
    return { location, lines: readAuditLines(location) }
  }
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 })
  try {
    const stored = await readStoredAuditLog(pool)
    return {
      location: 'the database (studypulse.audit)',
      lines: stored.lines,
      stored,
      passkeys: await postgresPasskeys(pool),
    }
  } finally {
    await pool.end()
  }
}

/** What `npm run audit -- --verify` says of a check: the whole chain, or the first line that does not fit. */
export function describeChainCheck(log: AuditLog, check: ChainCheck): string[] {
  if (check.broken !== undefined)
    return [
      `The audit log of ${log.location} does not fit its chain at line ${check.broken.line}:`,
      `  ${check.broken.reason}`,
    ]
  const older =
    check.beforeChain === 0 ? '' : ` (the first ${check.beforeChain} written before the chain)`
  return [
    `The audit log of ${log.location} is whole: ${countOf(check.lines, 'line')}${older}.`,
    // Lines cut from the end leave a whole chain: compare this with the head noted earlier.
    `  head ${check.head} (note it: a log cut short ends on an older head)`,
  ]
}

/** What `npm run audit -- --verify` says of the database's per-run chains: each problem, or that all is whole. */
export function describeRunChainsCheck(log: AuditLog, check: RunChainsCheck): string[] {
  if (check.problems.length > 0)
    return [
      `The audit log of ${log.location} has ${countOf(check.problems.length, 'problem')}:`,
      ...check.problems.map((p) => `  ${p.code}: ${p.reason}`),
    ]
  const older =
    check.beforeRunChains === 0
      ? ''
      : ` (the first ${check.beforeRunChains} from before the per-run chains)`
  return [
    `The audit log of ${log.location} is whole: ${countOf(check.lines, 'line')} in ${countOf(check.runs, 'run')}${older}, ${countOf(check.checkpoints, 'checkpoint')}.`,
    // What no checkpoint names yet can be cut without a trace: say how much that is.
    `  ${countOf(check.afterLastCheckpoint, 'line')} written since the last checkpoint (a checkpoint is written every few seconds; lines cut back to it cannot be seen)`,
  ]
}

/** What `npm run audit -- --verify` says of the signed decisions: each problem, or how many verified. */
export function describeReceiptsCheck(check: AuditReceiptsCheck): string[] {
  if (check.problems.length > 0)
    return [
      `The signed decisions in the log have ${countOf(check.problems.length, 'problem')}:`,
      ...check.problems.map((p) => `  ${p.code}: ${p.message}`),
    ]
  if (check.receipts === 0) return []
  return [
    `${countOf(check.receipts, 'signed decision')} verified: each signature, its call, its decision, its passkey and its order.`,
  ]
}
