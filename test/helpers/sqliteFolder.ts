import { join } from 'node:path'
import Database from 'libsql'
import { sqliteFileName } from '../../store/sqlite/sqliteRunStore.ts'

/** The rows `sql` reads from a folder's SQLite store, each an array of its columns. */
export function storedRows(dir: string, sql: string, ...params: unknown[]): unknown[][] {
  const db = new Database(join(dir, sqliteFileName), { readonly: true })
  try {
    return db
      .prepare(sql)
      .raw(true)
      .all(...params) as unknown[][]
  } finally {
    db.close()
  }
}

/** Changes a folder's SQLite store behind the app's back, as a crash or a person could. */
export function changeStored(dir: string, sql: string, ...params: unknown[]): void {
  const db = new Database(join(dir, sqliteFileName))
  try {
    db.prepare(sql).run(...params)
  } finally {
    db.close()
  }
}

/**
 * `changeStored` SQL appending a journal record (the first parameter, JSON) to the run log of the
 * run (the second, its id), at the end of the run's range of rows as the store appends it.
 */
export const appendStoredJournal = `INSERT INTO run_log (id, run_no, run_id, kind, body)
  SELECT coalesce((SELECT max(l.id) + 1 FROM run_log l WHERE l.id >= r.run_no * 4294967296
      AND l.id < (r.run_no + 1) * 4294967296), r.run_no * 4294967296), r.run_no, r.run_id, 2, ?
  FROM runs r WHERE r.run_id = ?`

/** A run's journal as stored, oldest first. */
export function storedJournal(dir: string, runId: string): Record<string, unknown>[] {
  return storedRows(
    dir,
    'SELECT body FROM run_log WHERE run_id = ? AND kind = 2 ORDER BY id',
    runId,
  ).map(([text]) => JSON.parse(text as string) as Record<string, unknown>)
}

/** A run's event log as stored, in `seq` order. */
export function storedEvents(dir: string, runId: string): Record<string, unknown>[] {
  return storedRows(
    dir,
    'SELECT body FROM run_log WHERE run_id = ? AND kind = 0 ORDER BY key',
    runId,
  ).map(([text]) => JSON.parse(text as string) as Record<string, unknown>)
}

/** The audit log as stored, oldest first. */
export function storedAudit(dir: string): Record<string, unknown>[] {
  return storedRows(dir, 'SELECT line FROM audit ORDER BY id').map(
    ([text]) => JSON.parse(text as string) as Record<string, unknown>,
  )
}
