import type Database from 'libsql'
import { prepared } from './preparedStatement.ts'

// The `synchronous` level each connection was last set to, so it is set only when it changes.
const levels = new WeakMap<Database.Database, boolean>()

/**
 * Runs `work` in one write transaction (`BEGIN IMMEDIATE`: SQLite's one writer at a time, other
 * processes wait up to `busy_timeout`). `durable` picks the commit's sync: FULL makes the commit
 * (and, the WAL being sequential, every earlier one) reach the disk before it returns; NORMAL
 * writes the WAL without an fsync, so the commit survives a process crash but not a power cut.
 * `work` answering `commit: false` rolls back.
 */
export function inTransaction<T>(
  db: Database.Database,
  durable: boolean,
  work: () => { commit: boolean; value: T },
): T {
  // The pragma applies to the connection's next commits; one connection, one caller at a time.
  if (levels.get(db) !== durable) {
    db.exec(durable ? 'PRAGMA synchronous = FULL' : 'PRAGMA synchronous = NORMAL')
    levels.set(db, durable)
  }
  db.exec('BEGIN IMMEDIATE')
  let done: { commit: boolean; value: T }
  try {
    done = work()
    db.exec(done.commit ? 'COMMIT' : 'ROLLBACK')
  } catch (error) {
    rollBack(db)
    throw error
  }
  return done.value
}

// A failed statement or COMMIT (a full disk) may have ended the transaction already: SQLite rolls
// back by itself on some errors. Rolling back what is left keeps the connection usable, and the
// first error is the one reported.
function rollBack(db: Database.Database): void {
  if (!db.inTransaction) return
  try {
    db.exec('ROLLBACK')
  } catch {
    // The first error says what went wrong; this one would hide it.
  }
}

/**
 * The first column of the first row `sql` reads, or undefined when it reads none (libsql's
 * `pluck()` applies to `all()` only, so `get()` goes through `raw()`).
 */
export function firstCell(db: Database.Database, sql: string, ...params: unknown[]): unknown {
  const row = prepared(db, sql)
    .raw(true)
    .get(...params) as unknown[] | undefined
  return row?.[0]
}
