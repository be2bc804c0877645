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
  position: number
  run_id: string
  started_at: string
  title: string
  person: string | null
  value: string
}

/**
 * One page of the run list, newest first: a bounded read (`limit + 1` rows by index) however many
 * runs the file holds. The cursor is the list position the next page starts before.
 */
export function sqliteRunList(db: Database.Database, query: RunListQuery): RunListPage {
  const limit = runListLimit(query)
  const cursor = readCursor(query.cursor)
  // A cursor is the position of the last run a page showed: digits naming no listed run are forged.
  if (
    cursor !== undefined &&
    firstCell(db, 'SELECT 1 FROM run_list WHERE position = ?', cursor) === undefined
  ) {
    throw new RunStoreError('invalid_cursor', 'that is not a cursor this run list handed out')
  }
  const before = cursor ?? Number.MAX_SAFE_INTEGER
  const person = query.owner ?? null
  const rows = prepared(
    db,
    `SELECT l.position, l.run_id, l.started_at, l.title, l.person, r.value
       FROM run_list l JOIN runs r ON r.run_id = l.run_id
       WHERE l.position < ? AND r.snapshot IS NOT NULL AND (? IS NULL OR l.person = ?)
       ORDER BY l.position DESC LIMIT ?`,
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
    ? { runs, nextCursor: String(last.position) }
    : { runs }
}
