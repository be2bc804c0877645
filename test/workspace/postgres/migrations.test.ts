import type pg from 'pg'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { verifyStoredAuditLog } from '../../../store/postgres/postgresAuditLog.ts'
import { postgresRunStore } from '../../../store/postgres/postgresRunStore.ts'
import { RunStoreError } from '../../../store/RunStoreError.ts'
import { migrate } from '../../../workspace/postgres/migrate.ts'
import { type Migration, migrations } from '../../../workspace/postgres/migrations.ts'
import { WorkspaceError } from '../../../workspace/WorkspaceError.ts'
import { freshDatabase } from '../../helpers/postgres.ts'
import { eventsOf, snapshotOf } from '../../store/runStoreContract.ts'

const latest = migrations.at(-1)?.version ?? 0
const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

async function versions(pool: pg.Pool): Promise<number[]> {
  const { rows } = await pool.query<{ version: number }>(
    'SELECT version FROM studypulse.schema_version ORDER BY version',
  )
  return rows.map((r) => r.version)
}

async function tables(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ tablename: string }>(
    "SELECT tablename FROM pg_tables WHERE schemaname = 'studypulse' ORDER BY tablename",
  )
  return rows.map((r) => r.tablename)
}

async function functions(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ proname: string }>(
    "SELECT proname FROM pg_proc WHERE pronamespace = 'studypulse'::regnamespace ORDER BY proname",
  )
  return rows.map((r) => r.proname)
}

describe('PostgreSQL migrations', () => {
  test('an empty database is brought to the latest version on start', async () => {
    const db = await freshDatabase()
    const store = await postgresRunStore({ connectionString: db.url })
    closers.push(() => store.close())
    expect(await versions(store.pool)).toEqual(migrations.map((m) => m.version))
    expect(await tables(store.pool)).toEqual([
      'artifacts',
      'audit',
      'audit_checkpoints',
      'memory',
      'notebooks',
      'passkey_ceremonies',
      'passkeys',
      'pending_confirmations',
      'policies',
      'run_commands',
      'run_events',
      'run_journal',
      'run_messages',
      'runs',
      'schema_version',
      'sessions',
      'tasks',
      'workspace_changes',
      'workspaces',
    ])
    // A second start finds nothing to do.
    expect(await migrate(store.pool)).toBe(latest)
    expect(await versions(store.pool)).toEqual(migrations.map((m) => m.version))
  })

  test('a database at the previous version is migrated and keeps its runs', async () => {
    const db = await freshDatabase()
    const pool = db.pool()
    // The version before one-round-trip commits, wherever later migrations put the last one.
    expect(
      await migrate(
        pool,
        migrations.filter((m) => m.version < 7),
      ),
    ).toBe(6)
    expect(await functions(pool)).not.toContain('commit_run')
    // What the previous version's code wrote, statement by statement.
    await pool.query(
      'INSERT INTO studypulse.runs (run_id, snapshot, value, last_seq) VALUES ($1, $2, $3, $4)',
      ['r1', JSON.stringify(snapshotOf('r1', 2)), snapshotOf('r1', 2).value, 2],
    )
    await pool.query(
      `INSERT INTO studypulse.run_events (run_id, seq, event)
       SELECT 'r1', s, e::json FROM unnest($1::integer[], $2::text[]) AS t (s, e)`,
      [[1, 2], eventsOf('r1', 1, 2).map((e) => JSON.stringify(e))],
    )

    const store = await postgresRunStore({ connectionString: db.url })
    closers.push(() => store.close())
    expect(await versions(pool)).toEqual(migrations.map((m) => m.version))
    expect(await functions(pool)).toContain('commit_run')
    expect(await store.listOpenRuns()).toEqual(['r1'])
    expect(await store.loadRun('r1')).toEqual({ snapshot: snapshotOf('r1', 2), eventsAhead: 0 })
    expect(await store.readEvents('r1')).toEqual(eventsOf('r1', 1, 2))
  })

  test('a database from before the run list is migrated: its runs are listed by their last save and titled from their messages', async () => {
    const db = await freshDatabase()
    const pool = db.pool()
    expect(
      await migrate(
        pool,
        migrations.filter((m) => m.version < 8),
      ),
    ).toBe(7)
    // Two runs as version 7 saved them: one with its conversation in run_messages, one (older
    // still) with it in the snapshot.
    const commit = (runId: string, snapshot: unknown, messages: unknown[]) =>
      pool.query(
        `SELECT studypulse.commit_run($1, 'old-node', $2, 'awaitingInput', 1, false,
           ARRAY[1], ARRAY[$3], '{}', $4, $5, '{}', '{}', '{}', '{}', '{}', '{}', '{}', '{}',
           '{}', '{}', '{}')`,
        [
          runId,
          JSON.stringify(snapshot),
          JSON.stringify(eventsOf(runId, 1, 1)[0]),
          messages.length === 0 ? null : 0,
          messages.map((m) => JSON.stringify(m)),
        ],
      )
    await commit('older', snapshotOf('older', 1), [])
    await commit('newer', { ...snapshotOf('newer', 1), messageCount: 2 }, [
      { role: 'system', content: 'You are StudyPulse.' },
      { role: 'user', content: 'what is due\u0000 this week?' },
    ])
    await pool.query(
      "UPDATE studypulse.runs SET updated_at = now() - interval '1 day' WHERE run_id = 'older'",
    )

    const store = await postgresRunStore({ connectionString: db.url })
    closers.push(() => store.close())
    const page = await store.listRuns()
    expect(page.runs.map((r) => [r.runId, r.title, r.status])).toEqual([
      ['newer', 'what is due this week?', 'awaitingInput'],
      ['older', 'plan my week', 'awaitingInput'],
    ])
    // The titles are kept: the next look reads no messages.
    const { rows } = await pool.query('SELECT run_id, title FROM studypulse.runs ORDER BY run_id')
    expect(rows).toEqual([
      { run_id: 'newer', title: 'what is due this week?' },
      { run_id: 'older', title: 'plan my week' },
    ])
    // A new run goes on top of them.
    await store.commit('new', {
      snapshot: snapshotOf('new', 1),
      events: eventsOf('new', 1, 1),
      started: { startedAt: new Date().toISOString(), title: 'new one' },
    })
    expect((await store.listRuns()).runs.map((r) => r.runId)).toEqual(['new', 'newer', 'older'])
  })

  test('a database at the run list (version 9) gets the team tables: one commit_run and one commit_started_run, both taking approvers, so a new run is listed and its audit line chained', async () => {
    const db = await freshDatabase()
    const pool = db.pool()
    expect(
      await migrate(
        pool,
        migrations.filter((m) => m.version < 10),
      ),
    ).toBe(9)
    const store = await postgresRunStore({ connectionString: db.url })
    closers.push(() => store.close())
    expect(await versions(pool)).toEqual(migrations.map((m) => m.version))
    // The old signatures are gone: a call with the old arguments would reach no function.
    const { rows: commits } = await pool.query<{ proname: string; pronargs: number }>(
      `SELECT proname, pronargs FROM pg_proc WHERE pronamespace = 'studypulse'::regnamespace
       AND proname IN ('commit_run', 'commit_started_run') ORDER BY proname`,
    )
    expect(commits).toEqual([
      { proname: 'commit_run', pronargs: 23 },
      // Migration 12 added the folded claim's lease.
      { proname: 'commit_started_run', pronargs: 27 },
    ])
    // A new run's first save goes through commit_started_run, and so through the new commit_run.
    await store.commit('fresh', {
      snapshot: snapshotOf('fresh', 1),
      events: eventsOf('fresh', 1, 1),
      started: { startedAt: new Date().toISOString(), title: 'plan my week', owner: 'alice' },
      audit: [
        {
          at: '2026-12-01T14:02:00.000Z',
          runId: 'fresh',
          toolCallId: 'c1',
          toolName: 'create_task',
          permission: 'write',
          decision: 'allow',
          decidedBy: 'user',
          decider: { id: 'alice', name: 'Alice' },
          outcome: 'completed',
        },
      ],
    })
    expect((await store.listRuns({ owner: 'alice' })).runs.map((r) => r.runId)).toEqual(['fresh'])
    expect(await verifyStoredAuditLog(pool)).toMatchObject({
      lines: 1,
      beforeRunChains: 0,
      problems: [],
    })
  })

  test('a node starting while another migrates waits for it, and nothing runs twice', async () => {
    const db = await freshDatabase()
    // The first migration waits on a lock the test holds, so the first node stays mid-migration.
    const gate = db.pool({ max: 1 })
    const gateClient = await gate.connect()
    await gateClient.query('SELECT pg_advisory_lock(4242)')
    const [first, ...rest] = migrations
    if (!first) throw new Error('no migrations')
    const gated: Migration[] = [
      { ...first, sql: `SELECT pg_advisory_xact_lock(4242);\n${first.sql}` },
      ...rest,
    ]
    const waitingLocks = async () => {
      const { rows } = await gateClient.query<{ objid: number }>(
        "SELECT objid::int FROM pg_locks WHERE locktype = 'advisory' AND NOT granted",
      )
      return rows.map((r) => r.objid)
    }
    const { rows } = await gateClient.query<{ key: number }>(
      "SELECT hashtext('studypulse.migrate')::oid::int AS key",
    )
    const migrateKey = rows[0]?.key

    const nodeOne = migrate(db.pool(), gated)
    await vi.waitFor(async () => expect(await waitingLocks()).toEqual([4242]), { timeout: 10_000 })
    const nodeTwo = migrate(db.pool(), gated)
    await vi.waitFor(
      async () => expect((await waitingLocks()).sort()).toEqual([4242, migrateKey].sort()),
      { timeout: 10_000 },
    )
    await gateClient.query('SELECT pg_advisory_unlock(4242)')
    gateClient.release()

    expect(await Promise.all([nodeOne, nodeTwo])).toEqual([latest, latest])
    expect(await versions(db.pool())).toEqual(migrations.map((m) => m.version))
  })

  test('a failed migration leaves no trace and is reported', async () => {
    const db = await freshDatabase()
    const pool = db.pool()
    const broken: Migration[] = [
      ...migrations.slice(0, 1),
      {
        version: 2,
        name: 'broken',
        sql: 'CREATE TABLE studypulse.half (id int); SELECT nonsense;',
      },
    ]
    const failure = await migrate(pool, broken).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(WorkspaceError)
    expect(failure).toMatchObject({ code: 'database_unavailable' })
    expect(String((failure as Error).message)).toContain('migration 2 (broken) failed')
    expect(await versions(pool)).toEqual([1])
    expect(await tables(pool)).not.toContain('half')
  })

  test('a database newer than the code is refused, not touched', async () => {
    const db = await freshDatabase()
    const pool = db.pool()
    await migrate(pool)
    await pool.query("INSERT INTO studypulse.schema_version (version, name) VALUES (999, 'future')")
    const failure = await postgresRunStore({ connectionString: db.url }).catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(RunStoreError)
    expect(failure).toMatchObject({ code: 'store_unavailable' })
    expect(String((failure as Error).message)).toContain('version 999')
  })
})
