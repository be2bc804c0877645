// PostgreSQL migrates from every earlier schema version: a database left at version k, with a
// run and an audit line written as the code of that version wrote them, is brought to the latest,
// its run restored and its audit log verified, and a new line joins the per-run chains.

import type pg from 'pg'
import { afterEach, describe, expect, test } from 'vitest'
import type { AuditRecord } from '../../../store/AuditRecord.ts'
import {
  verifyStoredAuditLog,
  writeAuditCheckpoint,
} from '../../../store/postgres/postgresAuditLog.ts'
import { postgresRunStore } from '../../../store/postgres/postgresRunStore.ts'
import { migrate } from '../../../workspace/postgres/migrate.ts'
import { migrations } from '../../../workspace/postgres/migrations.ts'
import { freshDatabase } from '../../helpers/postgres.ts'
import { eventsOf, snapshotOf } from '../../store/runStoreContract.ts'

const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

const audit = (toolCallId: string): AuditRecord => ({
  at: '2026-12-01T14:02:00.000Z',
  runId: 'r1',
  toolCallId,
  toolName: 'create_task',
  permission: 'write',
  decision: 'allow',
  decidedBy: 'user',
  outcome: 'completed',
})

// Run r1 saved with two events and one audit line, as the code at `version` saved it.
async function writeAsOf(pool: pg.Pool, version: number): Promise<void> {
  const snapshot = snapshotOf('r1', 2)
  const events = eventsOf('r1', 1, 2).map((e) => JSON.stringify(e))
  const line = JSON.stringify(audit('old'))
  if (version < 7) {
    // Statement by statement, before one-round-trip commits.
    await pool.query(
      'INSERT INTO studypulse.runs (run_id, snapshot, value, last_seq) VALUES ($1, $2, $3, 2)',
      ['r1', JSON.stringify(snapshot), snapshot.value],
    )
    await pool.query(
      `INSERT INTO studypulse.run_events (run_id, seq, event)
       SELECT 'r1', s, e::json FROM unnest(ARRAY[1, 2], $1::text[]) AS t (s, e)`,
      [events],
    )
    await pool.query("INSERT INTO studypulse.audit (run_id, record) VALUES ('r1', $1::json)", [
      line,
    ])
    return
  }
  // Migration 10 added the card approvers (and chained the audit lines).
  const approvers = version >= 10 ? `'{}', ` : ''
  await pool.query(
    `SELECT studypulse.commit_run('r1', 'old-node', $1, $2, 2, false, ARRAY[1, 2], $3, '{}',
       NULL, '{}', '{}', '{}', '{}', '{}', '{}', '{}', ${approvers}'{}', $4, '{}', '{}', '{}')`,
    [JSON.stringify(snapshot), snapshot.value, events, [line]],
  )
}

describe('PostgreSQL migrates from every earlier version', () => {
  const earlier = migrations.slice(0, -1).map((m) => m.version)
  test.each(earlier)('from version %i', async (version) => {
    const db = await freshDatabase()
    const pool = db.pool()
    expect(await migrate(pool, migrations.slice(0, version))).toBe(version)
    await writeAsOf(pool, version)
    const { rows: old } = await pool.query<{ line: string }>(
      'SELECT record::text AS line FROM studypulse.audit',
    )
    // Chained from version 10 on: one chain for the store (format 2), one per run from 12 (format 3).
    const format = version >= 12 ? '{"version":3,' : '{"version":2,'
    expect(old[0]?.line.startsWith(format)).toBe(version >= 10)
    const beforeRunChains = version >= 12 ? 0 : 1
    const store = await postgresRunStore(
      { connectionString: db.url },
      { ownerId: 'n1', auditCheckpointEveryMs: 0 },
    )
    closers.push(() => store.close())
    const { rows } = await pool.query<{ v: number }>(
      'SELECT max(version) AS v FROM studypulse.schema_version',
    )
    expect(rows[0]?.v).toBe(migrations.at(-1)?.version)
    expect(await store.listOpenRuns()).toEqual(['r1'])
    expect(await store.loadRun('r1')).toEqual({ snapshot: snapshotOf('r1', 2), eventsAhead: 0 })
    expect(await store.readEvents('r1')).toEqual(eventsOf('r1', 1, 2))
    // The old line stays valid (before the chain, or in the single chain from version 10 on)…
    expect(await verifyStoredAuditLog(pool)).toMatchObject({
      lines: 1,
      beforeRunChains,
      problems: [],
    })
    // …and the run's next line starts its own chain, which a checkpoint pins with the old log.
    expect((await store.claim('r1')).ok).toBe(true)
    await store.commit('r1', { audit: [audit('new')] })
    expect(await writeAuditCheckpoint(pool)).toBe(1)
    expect(await verifyStoredAuditLog(pool)).toMatchObject({
      lines: 2,
      runs: 1,
      beforeRunChains,
      checkpoints: 1,
      afterLastCheckpoint: 0,
      problems: [],
    })
    expect((await store.readAudit()).map((r) => r.toolCallId)).toEqual(['old', 'new'])
    const [last] = (await store.readAudit()).slice(-1)
    expect(last).toEqual(audit('new'))
  })
})
