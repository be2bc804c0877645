import type pg from 'pg'
import type { ChatMessage } from '../../vocabulary/ChatMessage.ts'
import {
  type RunListPage,
  type RunListQuery,
  type RunSummary,
  readCursor,
  runListLimit,
  summaryStatus,
  titleOfMessages,
} from '../RunListing.ts'
import type { StoredRunSnapshot } from '../RunStore.ts'

/** A row of the run list as `runListQuery` selects it. */
export interface RunListRow {
  run_id: string
  /** The run's place in the list (`list_seq`), as text: the next page's cursor. */
  seq: string
  started_at: Date
  /** Null for a run saved before the run list, until it is first listed. */
  title: string | null
  started_by: string | null
  value: string
}

/**
 * The one query behind a page of the run list: a range of the `runs_list` (or, for one person,
 * `runs_list_by`) index, newest first, one row more than the page so the store knows if another
 * follows. Exported so a test can look at its plan.
 */
export function runListQuery(page: {
  before: number | undefined
  owner: string | undefined
  limit: number
}): pg.QueryConfig {
  const where = ['list_seq IS NOT NULL', 'snapshot IS NOT NULL']
  const values: unknown[] = []
  if (page.before !== undefined) where.push(`list_seq < $${values.push(page.before)}`)
  if (page.owner !== undefined) where.push(`started_by = $${values.push(page.owner)}`)
  return {
    text: `SELECT run_id, list_seq::text AS seq, started_at, title, started_by, value
      FROM studypulse.runs WHERE ${where.join(' AND ')}
      ORDER BY list_seq DESC LIMIT $${values.push(page.limit + 1)}`,
    values,
  }
}

/**
 * One page of the run list (see `RunStore.listRuns`). A run saved before the list has no title
 * yet: its first message gives it one, kept, so old runs migrate as they are first listed.
 */
export async function listRuns(
  pool: pg.Pool,
  query: RunListQuery,
  peek: (runId: string) => Promise<StoredRunSnapshot | undefined>,
): Promise<RunListPage> {
  const limit = runListLimit(query)
  const before = readCursor(query.cursor)
  const { owner } = query
  // No run has an owner PostgreSQL cannot even store.
  if (owner?.includes('\u0000')) return { runs: [] }
  const { rows } = await pool.query<RunListRow>(runListQuery({ before, owner, limit }))
  const page = rows.slice(0, limit)
  const runs: RunSummary[] = []
  for (const row of page) {
    runs.push({
      runId: row.run_id,
      startedAt: row.started_at.toISOString(),
      title: row.title ?? (await backfillTitle(pool, row.run_id, peek)),
      ...(row.started_by !== null && { owner: row.started_by }),
      ...summaryStatus(row.value),
    })
  }
  const last = page.at(-1)
  return rows.length > limit && last !== undefined ? { runs, nextCursor: last.seq } : { runs }
}

async function backfillTitle(
  pool: pg.Pool,
  runId: string,
  peek: (runId: string) => Promise<StoredRunSnapshot | undefined>,
): Promise<string> {
  const { rows } = await pool.query<{ message: ChatMessage }>(
    'SELECT message FROM studypulse.run_messages WHERE run_id = $1 ORDER BY position LIMIT 8',
    [runId],
  )
  let title = titleOfMessages(rows.map((r) => r.message))
  if (rows.length === 0) {
    // Older still: the conversation was kept in the snapshot.
    const saved = (await peek(runId))?.snapshot as { context?: { messages?: { role: string }[] } }
    title = titleOfMessages(saved?.context?.messages ?? [])
  }
  await pool.query('UPDATE studypulse.runs SET title = $2 WHERE run_id = $1 AND title IS NULL', [
    runId,
    title,
  ])
  return title
}
