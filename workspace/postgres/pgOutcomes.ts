import type pg from 'pg'
import type { JournalRecord } from '../../vocabulary/JournalRecord.ts'
import type { OutcomeOptions } from '../AtomicOutcomes.ts'
import type { StudyWorkspace } from '../StudyWorkspace.ts'
import { WorkspaceError } from '../WorkspaceError.ts'
import { cardCompareAndSet, deferredEffect } from './oneStatementEffect.ts'
import { withTransaction } from './PostgresSource.ts'

/** What `withOutcome` runs: the effect, the journal record of its value, and how it is guarded. */
export interface OutcomeCall<T> {
  runId: string
  effect: (workspace: StudyWorkspace) => Promise<T>
  outcome: (value: T) => JournalRecord
  options: OutcomeOptions
}

/**
 * `PostgresWorkspace.withOutcome`: the effect as one statement when it only creates rows
 * (`oneStatementEffect`), else, or when its key was taken meanwhile, in an interactive
 * transaction on a workspace `bind` makes for it. Nothing is written twice: the one statement
 * writes all or nothing before the transaction runs the effect again.
 */
export async function pgOutcome<T>(
  pool: pg.Pool,
  workspace: StudyWorkspace & { workspaceId: string },
  bind: (client: pg.PoolClient) => StudyWorkspace,
  call: OutcomeCall<T>,
): Promise<T> {
  const done = await inOneStatement(pool, workspace, call)
  return done === undefined ? inTransaction(pool, bind, call) : done.value
}

const journalOf = <T>({ options, outcome }: OutcomeCall<T>, value: T) => [
  ...(options.intent === undefined ? [] : [options.intent]),
  outcome(value),
]

async function inOneStatement<T>(
  pool: pg.Pool,
  workspace: StudyWorkspace & { workspaceId: string },
  call: OutcomeCall<T>,
): Promise<{ value: T } | undefined> {
  const { runId, options } = call
  const deferred = deferredEffect(workspace)
  let value: T
  try {
    value = await call.effect(deferred.workspace)
  } catch (error) {
    // Failing on what it asked for here, it runs again in a transaction; else it failed.
    if (!deferred.usable()) return undefined
    throw error
  }
  if (!deferred.usable()) return undefined
  const sent = await deferred.send(pool, runId, options, journalOf(call, value))
  if (sent === 'conflict') return undefined
  if (sent === 'held_elsewhere') throw lostLease(runId, options.owner)
  if (sent === 'decided_elsewhere') throw lostCard(runId)
  return { value }
}

function inTransaction<T>(
  pool: pg.Pool,
  bind: (client: pg.PoolClient) => StudyWorkspace,
  call: OutcomeCall<T>,
): Promise<T> {
  const { runId, options } = call
  return withTransaction(pool, async (client) => {
    const { decision } = options
    if (decision !== undefined) {
      const { rowCount } = await client.query(cardCompareAndSet('$2', '$3', '$4'), [
        runId,
        decision.confirmationId,
        decision.digest,
        decision.decider === undefined ? null : JSON.stringify(decision.decider),
      ])
      if (rowCount !== 1) throw lostCard(runId)
    }
    const value = await call.effect(bind(client))
    // The lease is checked with the outcome, in one round trip: FOR SHARE makes a claim (an
    // UPDATE of the run's row) wait until this transaction ends, and a lost lease rolls the
    // effect back with it. The intent, when it comes here rather than ahead of the effect, goes
    // just before it.
    const records = journalOf(call, value)
    const recorded = await client.query(
      `WITH held AS (
         SELECT 1 FROM studypulse.runs
         WHERE run_id = $1 AND ($3::text IS NULL OR (owner = $3 AND lease_expires_at > now()))
         FOR SHARE
       )
       INSERT INTO studypulse.run_journal (run_id, record)
       SELECT $1, r::json FROM held, unnest($2::text[]) WITH ORDINALITY AS t (r, n) ORDER BY n`,
      [runId, records.map((r) => JSON.stringify(r)), options.owner ?? null],
    )
    if (recorded.rowCount !== records.length) throw lostLease(runId, options.owner)
    return value
  })
}

function lostLease(runId: string, owner: string | undefined): WorkspaceError {
  return new WorkspaceError(
    'run_owned_elsewhere',
    `run ${runId} is no longer held by ${owner}; its effect was not run`,
  )
}

function lostCard(runId: string): WorkspaceError {
  return new WorkspaceError(
    'card_decided_elsewhere',
    `run ${runId}'s card was decided elsewhere first; its effect was not run`,
  )
}
