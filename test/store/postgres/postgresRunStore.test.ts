import type pg from 'pg'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { runListQuery } from '../../../store/postgres/postgresRunList.ts'
import {
  type PostgresRunStore,
  type PostgresRunStoreOptions,
  postgresRunStore,
} from '../../../store/postgres/postgresRunStore.ts'
import { RunStoreError } from '../../../store/RunStoreError.ts'
import { emptyStudypulseTables, fileDatabase } from '../../helpers/postgres.ts'
import { tcpProxy } from '../../helpers/tcpProxy.ts'
import { eventsOf, snapshotOf } from '../runStoreContract.ts'

const closers: (() => Promise<void>)[] = []
let url = ''
beforeEach(async () => {
  url = (await fileDatabase()).url
  await emptyStudypulseTables(url)
})
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

async function node(options: PostgresRunStoreOptions = {}): Promise<PostgresRunStore> {
  const store = await postgresRunStore({ connectionString: url }, options)
  closers.push(() => store.close())
  return store
}

describe('postgresRunStore leases', () => {
  test('a crashed owner’s run is taken over once its lease runs out', async () => {
    const target = new URL(url)
    const link = await tcpProxy({ host: target.hostname, port: Number(target.port) })
    closers.push(() => link.close())
    target.port = String(link.port)
    const a = await postgresRunStore(
      { connectionString: target.toString() },
      { ownerId: 'node-a', leaseMs: 1_000 },
    )
    closers.push(() => a.close())
    const b = await node({ ownerId: 'node-b', leaseMs: 1_000 })
    expect(await a.claim('r1')).toEqual({ ok: true })
    expect(await b.claim('r1')).toEqual({ ok: false, code: 'run_owned_elsewhere', owner: 'node-a' })
    // The node loses its database for good, every connection of it: no heartbeat, no release.
    link.cut()
    await vi.waitFor(async () => expect(await b.claim('r1')).toEqual({ ok: true }), {
      timeout: 10_000,
      interval: 50,
    })
  })

  test('the heartbeat keeps a held run past its first lease', async () => {
    const a = await node({ ownerId: 'node-a', leaseMs: 1_500 })
    const b = await node({ ownerId: 'node-b' })
    await a.claim('r1')
    const { rows } = await a.pool.query<{ until: Date }>(
      "SELECT lease_expires_at AS until FROM studypulse.runs WHERE run_id = 'r1'",
    )
    const firstLease = rows[0]?.until
    await vi.waitFor(
      async () => {
        const now = await a.pool.query<{ past: boolean }>('SELECT now() > $1 AS past', [firstLease])
        expect(now.rows[0]?.past).toBe(true)
      },
      { timeout: 10_000, interval: 50 },
    )
    expect(await b.claim('r1')).toMatchObject({ ok: false, owner: 'node-a' })
  })

  test('renewals do not wait for a connection behind the workload', async () => {
    const a = await node({ ownerId: 'node-a', leaseMs: 60_000 })
    await a.claim('r1')
    await a.pool.query(
      "UPDATE studypulse.runs SET lease_expires_at = now() + interval '1 second' WHERE run_id = 'r1'",
    )
    // Every connection of the workload's pool is busy (held, as by long queries).
    const held = await Promise.all(
      Array.from({ length: a.pool.options.max ?? 10 }, () => a.pool.connect()),
    )
    try {
      expect(a.pool.idleCount).toBe(0)
      await a.renewClaims()
      const { rows } = await (held[0] as pg.PoolClient).query<{ left: number }>(
        "SELECT extract(epoch FROM lease_expires_at - now()) AS left FROM studypulse.runs WHERE run_id = 'r1'",
      )
      expect(Number(rows[0]?.left)).toBeGreaterThan(30)
    } finally {
      for (const client of held) client.release()
    }
  })

  test('a node that overslept its lease learns it lost the run, and may not save it', async () => {
    const a = await node({ ownerId: 'node-a', leaseMs: 60_000 })
    const b = await node({ ownerId: 'node-b', leaseMs: 60_000 })
    const lost: string[] = []
    a.cluster.onClaimLost((runId) => lost.push(runId))
    await a.claim('r1')
    await a.claim('r2')
    // As if node-a had been paused for longer than its lease.
    await a.pool.query(
      "UPDATE studypulse.runs SET lease_expires_at = now() - interval '1 second' WHERE run_id = 'r1'",
    )
    expect(await b.claim('r1')).toEqual({ ok: true })
    await a.renewClaims()
    expect(lost).toEqual(['r1'])
    const refused = await a
      .commit('r1', { snapshot: snapshotOf('r1', 1), events: eventsOf('r1', 1, 1) })
      .catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(RunStoreError)
    expect(refused).toMatchObject({ code: 'run_owned_elsewhere' })
    expect(await b.readEvents('r1')).toEqual([])
    expect(await b.loadRun('r1')).toBeUndefined()
    // The run it kept is still its own.
    expect(await b.claim('r2')).toMatchObject({ ok: false, owner: 'node-a' })
  })

  test('a lease too short to renew in time is refused before anything connects', async () => {
    await expect(postgresRunStore({ connectionString: url }, { leaseMs: 0 })).rejects.toThrow(
      /leaseMs must be at least 100/,
    )
  })

  test('close frees the runs and ends only a pool the store made', async () => {
    const db = await fileDatabase()
    const shared = db.pool()
    const lent = await postgresRunStore({ pool: shared }, { ownerId: 'lent' })
    const own = await node({ ownerId: 'own' })
    await lent.claim('r1')
    await own.claim('r2')
    await lent.close()
    await own.close()
    expect(own.pool.ended).toBe(true)
    const { rows } = await shared.query('SELECT run_id, owner FROM studypulse.runs ORDER BY run_id')
    expect(rows).toEqual([
      { run_id: 'r1', owner: null },
      { run_id: 'r2', owner: null },
    ])
  })
})

describe('postgresRunStore data', () => {
  test('events logged past the snapshot are cut by the owner, not by a node that only looks', async () => {
    const a = await node({ ownerId: 'node-a' })
    const b = await node({ ownerId: 'node-b' })
    await a.claim('r1')
    await a.commit('r1', { snapshot: snapshotOf('r1', 2), events: eventsOf('r1', 1, 2) })
    await a.commit('r1', { events: eventsOf('r1', 3, 4) })
    expect(await b.loadRun('r1')).toMatchObject({ eventsAhead: 2 })
    expect(await b.readEvents('r1')).toEqual(eventsOf('r1', 1, 4))
    expect(await a.loadRun('r1')).toMatchObject({ eventsAhead: 2 })
    expect(await a.readEvents('r1')).toEqual(eventsOf('r1', 1, 2))
    // The resumed run logs under the same numbers again.
    await a.commit('r1', { snapshot: snapshotOf('r1', 3), events: eventsOf('r1', 3, 3) })
    expect(await a.readEvents('r1', 2)).toEqual(eventsOf('r1', 3, 3))
  })

  test('a commit is all or nothing', async () => {
    const a = await node()
    await a.commit('r1', { snapshot: snapshotOf('r1', 1), events: eventsOf('r1', 1, 1) })
    // seq 1 again violates the log's key: the snapshot, journal and audit of this commit must not land.
    const failed = await a
      .commit('r1', {
        snapshot: snapshotOf('r1', 2),
        events: eventsOf('r1', 1, 2),
        journal: [{ type: 'intent', callId: 'c', digest: 'd', at: '2026-11-30T09:00:00.000Z' }],
        ended: true,
      })
      .catch((e: unknown) => e)
    expect(failed).toBeInstanceOf(Error)
    expect(await a.loadRun('r1')).toEqual({ snapshot: snapshotOf('r1', 1), eventsAhead: 0 })
    expect(await a.readJournal('r1')).toEqual([])
    expect(await a.listOpenRuns()).toEqual(['r1'])
  })

  test('text with NUL characters and any Unicode round-trips', async () => {
    const a = await node()
    const [event] = eventsOf('r1', 1, 1)
    if (!event) throw new Error('no event')
    event.text = 'a\u0000b \u{1F600} "quoted" \\ back'
    await a.commit('r1', { events: [event] })
    expect(await a.readEvents('r1')).toEqual([event])
  })

  test('a damaged snapshot is refused as corrupt_run', async () => {
    const a = await node()
    await a.commit('r1', { snapshot: snapshotOf('r1', 1) })
    await a.pool.query(`UPDATE studypulse.runs SET snapshot = '{"version": 2}' WHERE run_id = 'r1'`)
    await expect(a.loadRun('r1')).rejects.toMatchObject({ code: 'corrupt_run' })
  })

  test('a stored rule that is not valid is left out and named', async () => {
    const a = await node()
    const good = {
      id: 'p1',
      tool: 'add_task',
      effect: 'deny',
      scope: 'always',
      createdAt: '2026-11-30T09:00:00.000Z',
    } as const
    await a.savePolicies([good])
    await a.pool.query(
      `INSERT INTO studypulse.policies (position, rule) VALUES (2, '{"id": "p2", "tool": "x", "effect": "maybe"}')`,
    )
    const load = await a.loadPolicies()
    expect(load.rules).toEqual([good])
    expect(load.invalid).toHaveLength(1)
    expect(load.invalid[0]?.rule).toMatchObject({ id: 'p2', effect: 'maybe' })
    expect(load.invalid[0]?.reason).toContain('effect')
  })
})

describe('postgresRunStore run list', () => {
  test('with 10,000 runs a page is one index range, for everyone and for one person', async () => {
    const store = await node()
    const count = 10_000
    // Written in one statement as 10,000 first saves would have left them.
    await store.pool.query(
      `INSERT INTO studypulse.runs (run_id, snapshot, value, list_seq, started_at, title, started_by)
       SELECT 'run-' || lpad(n::text, 5, '0'), $1::json, 'awaitingInput', n,
         timestamptz '2026-01-01' + n * interval '1 minute', 'question ' || n,
         CASE WHEN n % 10 = 0 THEN 'ana' END
       FROM generate_series(0, $2 - 1) AS n`,
      [JSON.stringify(snapshotOf('run-x', 1)), count],
    )
    await store.pool.query("SELECT setval('studypulse.run_list_seq', $1)", [count])
    await store.pool.query('ANALYZE studypulse.runs')
    const plan = async (query: Parameters<typeof runListQuery>[0]) => {
      const { text, values } = runListQuery(query)
      const { rows } = await store.pool.query<{ 'QUERY PLAN': unknown }>(
        `EXPLAIN (FORMAT JSON) ${text}`,
        values,
      )
      return JSON.stringify(rows[0]?.['QUERY PLAN'])
    }
    for (const query of [
      { before: undefined, owner: undefined, limit: 20 },
      { before: 5_000, owner: undefined, limit: 20 },
      { before: 5_000, owner: 'ana', limit: 20 },
    ]) {
      const shown = await plan(query)
      expect(shown, JSON.stringify(query)).toMatch(/"Node Type":"Limit"/)
      expect(shown).toMatch(/"Scan Direction":"Backward"/)
      // One person's page may walk either index (the planner weighs how many runs are theirs).
      expect(shown).toMatch(/"Index Name":"runs_list(_by)?"/)
      expect(shown).not.toMatch(/Seq Scan|"Sort"/)
    }
    const first = await store.listRuns({ limit: 20 })
    expect(first.runs[0]).toMatchObject({ runId: 'run-09999', title: 'question 9999' })
    const second = await store.listRuns({ limit: 20, cursor: first.nextCursor as string })
    expect(second.runs.map((r) => r.runId)).toEqual(
      Array.from({ length: 20 }, (_, i) => `run-${String(9979 - i).padStart(5, '0')}`),
    )
    const ana = await store.listRuns({ owner: 'ana', limit: 2 })
    expect(ana.runs.map((r) => [r.runId, r.owner])).toEqual([
      ['run-09990', 'ana'],
      ['run-09980', 'ana'],
    ])
    // An owner PostgreSQL could not store names no one's runs, rather than failing the query.
    expect(await store.listRuns({ owner: 'a\u0000b' })).toEqual({ runs: [] })
  })
})
