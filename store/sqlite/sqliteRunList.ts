import type Database from 'libsql'
import {
  type RunListPage,
  type RunListQuery,
  readCursor,
  runListLimit,
  summaryStatus,
} from '../RunListing.ts'
import { RunStoreError } from '../RunStoreError.ts'
import { prepared } from './preparedStatement.ts'
import { firstCell } from './sqliteTransaction.ts'

interface ListedRow {
  run_no: number
  run_id: string
  started_at: string
  title: string
  person: string | null
  value: string
}

/**
 * One page of the run list, newest first: a bounded read (`limit + 1` rows of `runs`, walked by
 * their number, which follows their start) however many runs the file holds. The cursor is the
 * run number the next page starts before (schema step 7, `runListInRuns.ts`).
 */
export function sqliteRunList(db: Database.Database, query: RunListQuery): RunListPage {
  const limit = runListLimit(query)
  const cursor = readCursor(query.cursor)
  // A cursor is the position of the last run a page showed: digits naming no listed run are forged.
  if (
    cursor !== undefined &&
    firstCell(db, 'SELECT 1 FROM runs WHERE run_no = ? AND started_at IS NOT NULL', cursor) ===
      undefined
  ) {
    throw new RunStoreError('invalid_cursor', 'that is not a cursor this run list handed out')
  }
  const before = cursor ?? Number.MAX_SAFE_INTEGER
  const person = query.owner ?? null
  const rows = prepared(
    db,
    `SELECT run_no, run_id, started_at, title, person, value FROM runs
       WHERE run_no < ? AND started_at IS NOT NULL AND snapshot IS NOT NULL
         AND (? IS NULL OR person = ?)
       ORDER BY run_no DESC LIMIT ?`,
  ).all(before, person, person, limit + 1) as ListedRow[]
  const page = rows.slice(0, limit)
  const runs = page.map((row) => ({
    runId: row.run_id,
    startedAt: row.started_at,
    title: row.title,
    ...(row.person !== null && { owner: row.person }),
    ...summaryStatus(row.value),
  }))
  const last = page.at(-1)
  return rows.length > limit && last !== undefined
    ? { runs, nextCursor: String(last.run_no) }
    : { runs }
}
