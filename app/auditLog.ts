import { existsSync } from 'node:fs'
import { join } from 'node:path'
import Database from 'libsql'
import pg from 'pg'
import type { ChainCheck } from '../store/auditChain.ts'
import { readAuditLines } from '../store/auditFile.ts'
import { readSqliteAuditLines, sqliteFileName } from '../store/sqlite/sqliteRunStore.ts'

/** Where the audit log is read from, and its lines as their exact text, oldest first. */
export interface AuditLog {
  location: string
  lines: string[]
}

/**
 * The app's audit log as written: the workspace folder's SQLite file (its `audit` table keeps each
 * line's text exactly), `audit.jsonl` in a folder the SQLite store never opened, or, with
 * `STUDYPULSE_DATABASE_URL`, the database's `studypulse.audit` table (its `json` column keeps
 * each line's text exactly, so the chain can be checked there too).
 */
export async function readAuditLog(
  root: string,
  databaseUrl: string | undefined,
): Promise<AuditLog> {
  if (databaseUrl === undefined || databaseUrl === '') {
    const file = join(root, sqliteFileName)
    if (existsSync(file)) {
      // Read-only: a look at the log must never change it (nor migrate or import anything).
      const db = new Database(file, { readonly: true })
      try {
        return { location: `${file} (audit)`, lines: readSqliteAuditLines(db) }
      } finally {
        db.close()
      }
    }
    const location = join(root, 'audit.jsonl')
    return { location, lines: readAuditLines(location) }
  }
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 })
  try {
    const { rows } = await pool.query<{ line: string }>(
      'SELECT record::text AS line FROM studypulse.audit ORDER BY id',
    )
    return { location: 'the database (studypulse.audit)', lines: rows.map((row) => row.line) }
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
    `The audit log of ${log.location} is whole: ${check.lines} line(s)${older}.`,
    // Lines cut from the end leave a whole chain: compare this with the head noted earlier.
    `  head ${check.head} (note it: a log cut short ends on an older head)`,
  ]
}
