// The PostgreSQL audit log from migration 12 on: a hash chain per run, checkpoints over the heads
// written by one node at a time, and a verify that names each kind of tampering.
import type pg from 'pg'
import { afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { AuditRecord } from '../../../store/AuditRecord.ts'
import { chainLines, chainStart } from '../../../store/auditChain.ts'
import { parseCheckpoint } from '../../../store/auditCheckpoint.ts'
import {
  readStoredAuditLog,
  verifyStoredAuditLog,
  writeAuditCheckpoint,
} from '../../../store/postgres/postgresAuditLog.ts'
import {
  type PostgresRunStore,
  postgresRunStore,
} from '../../../store/postgres/postgresRunStore.ts'
import { chainRunLines, emptyHead } from '../../../store/runAuditChain.ts'
import { migrate } from '../../../workspace/postgres/migrate.ts'
import { migrations } from '../../../workspace/postgres/migrations.ts'
import { emptyStudypulseTables, freshDatabase } from '../../helpers/postgres.ts'

const record = (runId: string, toolCallId: string, name = 'Alice'): AuditRecord => ({
  at: '2026-12-01T14:02:00.000Z',
  runId,
  toolCallId,
  toolName: 'delete_task',
  permission: 'destructive',
  decision: 'allow',
  decidedBy: 'user',
  decider: { id: name.toLowerCase(), name },
  outcome: 'completed',
})

const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

async function openStore(url: string, ownerId = 'n1'): Promise<PostgresRunStore> {
  const store = await postgresRunStore(
    { connectionString: url },
    { ownerId, auditCheckpointEveryMs: 0 },
  )
  closers.push(() => store.close())
  return store
}

const codes = async (pool: pg.Pool) =>
  (await verifyStoredAuditLog(pool)).problems.map((p) => [p.code, p.runId, p.n ?? null])

describe('per-run audit chains on PostgreSQL', () => {
  test('nodes committing at once: one chain per run, the text chainRunLines builds, checkpointed', async () => {
    const { url } = await freshDatabase()
    const stores = await Promise.all(['n1', 'n2', 'n3'].map((id) => openStore(url, id)))
    await Promise.all(
      stores.map(async (store, k) => {
        const runId = `run-${k}`
        await store.claim(runId)
        for (let i = 0; i < 10; i++)
          await store.commit(runId, { audit: [record(runId, `c${i}`), record(runId, `d${i}`)] })
      }),
    )
    const { pool } = stores[0] as PostgresRunStore
    const log = await readStoredAuditLog(pool)
    expect(log.lines).toHaveLength(60)
    for (let k = 0; k < 3; k++) {
      const runId = `run-${k}`
      const records = Array.from({ length: 10 }, (_, i) => [
        record(runId, `c${i}`),
        record(runId, `d${i}`),
      ]).flat()
      const mine = log.lines.filter((line) => JSON.parse(line).runId === runId)
      // The database builds the very text the dialect-free builder does.
      expect(chainRunLines(runId, emptyHead, records).lines).toEqual(mine)
      expect(log.heads.get(runId)?.n).toBe(20)
    }
    expect(await verifyStoredAuditLog(pool)).toMatchObject({
      lines: 60,
      runs: 3,
      checkpoints: 0,
      afterLastCheckpoint: 60,
      problems: [],
    })
    expect(await writeAuditCheckpoint(pool)).toBe(1)
    // Nothing moved since: no second checkpoint.
    expect(await writeAuditCheckpoint(pool)).toBeUndefined()
    const [text] = (await readStoredAuditLog(pool)).checkpoints
    const checkpoint = parseCheckpoint(text as string)
    expect(typeof checkpoint === 'object' && checkpoint.whole).toBe(true)
    expect(typeof checkpoint === 'object' && Object.keys(checkpoint.heads)).toEqual([
      'run-0',
      'run-1',
      'run-2',
    ])
    expect(await verifyStoredAuditLog(pool)).toMatchObject({
      checkpoints: 1,
      afterLastCheckpoint: 0,
      problems: [],
    })
    // Audit lines take no store-wide lock any more: the old key is never taken.
    const { rows } = await pool.query(
      "SELECT 1 FROM pg_proc WHERE prosrc LIKE '%hashtext(''studypulse.audit'')%'",
    )
    expect(rows).toEqual([])
  })

  test('a node finding the checkpoint being written skips it instead of waiting', async () => {
    const { url } = await freshDatabase()
    const store = await openStore(url)
    await store.claim('r1')
    await store.commit('r1', { audit: [record('r1', 'c1')] })
    const holder = await store.pool.connect()
    try {
      await holder.query('BEGIN')
      await holder.query("SELECT pg_advisory_xact_lock(hashtext('studypulse.audit_checkpoint'))")
      // Returns at once with nothing written (a queued call would never return while held).
      expect(await writeAuditCheckpoint(store.pool)).toBeUndefined()
      await holder.query('ROLLBACK')
    } finally {
      holder.release()
    }
    expect(await writeAuditCheckpoint(store.pool)).toBe(1)
    // Within the interval nobody writes another, even with new lines.
    await store.commit('r1', { audit: [record('r1', 'c2')] })
    expect(await writeAuditCheckpoint(store.pool, 60_000)).toBeUndefined()
    expect(await writeAuditCheckpoint(store.pool, 0)).toBe(2)
  })
})

describe('verify names each tampering', () => {
  let store: PostgresRunStore
  let pool: pg.Pool
  let url: string
  beforeAll(async () => {
    ;({ url } = await freshDatabase())
  })
  // r1: 4 lines checkpointed, then #5 after the checkpoint; r2: 2 lines; r3: 3 lines.
  beforeEach(async () => {
    await emptyStudypulseTables(url)
    store = await openStore(url)
    pool = store.pool
    for (const runId of ['r1', 'r2', 'r3']) await store.claim(runId)
    await store.commit('r1', { audit: [record('r1', 'a1'), record('r1', 'a2')] })
    await store.commit('r2', { audit: [record('r2', 'b1'), record('r2', 'b2')] })
    await store.commit('r1', { audit: [record('r1', 'a3'), record('r1', 'a4')] })
    await store.commit('r3', { audit: ['c1', 'c2', 'c3'].map((c) => record('r3', c)) })
    expect(await writeAuditCheckpoint(pool)).toBe(1)
    await store.commit('r1', { audit: [record('r1', 'a5')] })
    expect(await codes(pool)).toEqual([])
  })
  const lineOf = (runId: string, n: number) =>
    `(SELECT id FROM studypulse.audit WHERE record->>'runId' = '${runId}' AND (record->>'n')::int = ${n})`

  test('a changed line', async () => {
    await pool.query(
      `UPDATE studypulse.audit SET record = replace(record::text, '"Alice"', '"Mallory"')::json
       WHERE id = ${lineOf('r2', 2)}`,
    )
    expect(await codes(pool)).toEqual([['line_changed', 'r2', 2]])
  })

  test('a deleted line', async () => {
    await pool.query(`DELETE FROM studypulse.audit WHERE id = ${lineOf('r3', 2)}`)
    expect(await codes(pool)).toEqual([['line_deleted', 'r3', 2]])
  })

  test('reordered lines', async () => {
    await pool.query(
      `UPDATE studypulse.audit a SET record = b.record FROM studypulse.audit b
       WHERE (a.id, b.id) IN ((${lineOf('r1', 1)}, ${lineOf('r1', 2)}), (${lineOf('r1', 2)}, ${lineOf('r1', 1)}))`,
    )
    expect(await codes(pool)).toEqual([['lines_reordered', 'r1', 1]])
  })

  test('an inserted line, even one whose own hash and link are right', async () => {
    const log = await readStoredAuditLog(pool)
    const first = JSON.parse(log.lines.find((l) => l.includes('"b1"')) as string)
    const [forged] = chainRunLines('r2', { n: 1, hash: first.hash }, [record('r2', 'forged')]).lines
    await pool.query("INSERT INTO studypulse.audit (run_id, record) VALUES ('r2', $1::json)", [
      forged,
    ])
    expect(await codes(pool)).toEqual([['line_inserted', 'r2', 2]])
  })

  test('a line in the older format added after the per-run chains began', async () => {
    const [older] = chainLines(chainStart, [record('r2', 'old')]).lines
    await pool.query("INSERT INTO studypulse.audit (run_id, record) VALUES ('r2', $1::json)", [
      older,
    ])
    expect(await codes(pool)).toEqual([['line_inserted', undefined, null]])
  })

  test('a deleted run: named by the checkpoint and by its row', async () => {
    await pool.query("DELETE FROM studypulse.audit WHERE record->>'runId' = 'r3'")
    expect(await codes(pool)).toEqual([
      ['run_deleted', 'r3', null],
      ['run_deleted', 'r3', null],
    ])
    // Its row gone too: the checkpoint still names it.
    await pool.query(
      "UPDATE studypulse.runs SET audit_n = 0, audit_head = NULL WHERE run_id = 'r3'",
    )
    expect(await codes(pool)).toEqual([['run_deleted', 'r3', null]])
  })

  test('a cut tail, the run row made to match: the checkpoint names a head past the end', async () => {
    const kept = JSON.parse(
      (await readStoredAuditLog(pool)).lines.find((l) => l.includes('"b1"')) as string,
    )
    await pool.query(`DELETE FROM studypulse.audit WHERE id = ${lineOf('r2', 2)}`)
    await pool.query(
      "UPDATE studypulse.runs SET audit_n = 1, audit_head = $1 WHERE run_id = 'r2'",
      [kept.hash],
    )
    expect(await codes(pool)).toEqual([['tail_cut', 'r2', 2]])
  })

  test('a tail cut back to the last checkpoint cannot be seen (the limit, said in the docs)', async () => {
    const before = await verifyStoredAuditLog(pool)
    expect(before.afterLastCheckpoint).toBe(1)
    const fourth = JSON.parse(
      (await readStoredAuditLog(pool)).lines.find((l) => l.includes('"a4"')) as string,
    )
    await pool.query(`DELETE FROM studypulse.audit WHERE id = ${lineOf('r1', 5)}`)
    // Cut with its row left as it was, the row names it…
    expect(await codes(pool)).toEqual([['tail_cut', 'r1', 5]])
    // …but with the row made to match, nothing is left that saw line #5.
    await pool.query(
      "UPDATE studypulse.runs SET audit_n = 4, audit_head = $1 WHERE run_id = 'r1'",
      [fourth.hash],
    )
    expect(await verifyStoredAuditLog(pool)).toMatchObject({ problems: [], afterLastCheckpoint: 0 })
  })

  test('a changed or removed checkpoint', async () => {
    await store.commit('r2', { audit: [record('r2', 'b3')] })
    expect(await writeAuditCheckpoint(pool)).toBe(2)
    await pool.query(
      `UPDATE studypulse.audit_checkpoints SET record = replace(record::text, '"r1":[4,', '"r1":[3,')::json WHERE seq = 1`,
    )
    expect(await codes(pool)).toEqual([['checkpoint_broken', undefined, null]])
    await pool.query('DELETE FROM studypulse.audit_checkpoints WHERE seq = 1')
    expect(await codes(pool)).toEqual([['checkpoint_broken', undefined, null]])
  })
})

describe('a database with the single-chain log of migration 10', () => {
  // What the app before migration 12 sent: the whole record, chained by commit_run itself.
  const oldCommit = (pool: pg.Pool, runId: string, records: AuditRecord[]) =>
    pool.query(
      `SELECT studypulse.commit_run($1, 'old-node', NULL, NULL, NULL, false, '{}', '{}', '', NULL,
        '{}', '{}', '{}', '{}', '{}', '{}', '{}', '{}', '{}', $2, '{}', '{}', '{}')`,
      [runId, records.map((r) => JSON.stringify(r))],
    )

  test('keeps its lines valid, pinned by the first checkpoint, and names their tampering', async () => {
    const db = await freshDatabase()
    const pool = db.pool()
    expect(await migrate(pool, migrations.slice(0, 11))).toBe(11)
    await oldCommit(pool, 'r0', [record('r0', 'o1'), record('r0', 'o2')])
    await oldCommit(pool, 'r9', [record('r9', 'o3')])
    const store = await openStore(db.url)
    await store.claim('r1')
    await store.commit('r1', { audit: [record('r1', 'n1')] })
    expect(await writeAuditCheckpoint(pool)).toBe(1)
    expect(await verifyStoredAuditLog(pool)).toMatchObject({
      lines: 4,
      beforeRunChains: 3,
      runs: 1,
      problems: [],
    })
    // The older log read back by the store, as ever, without its chain fields.
    expect((await store.readAudit()).map((r) => r.toolCallId)).toEqual(['o1', 'o2', 'o3', 'n1'])
    await pool.query(
      `UPDATE studypulse.audit SET record = replace(record::text, '"Alice"', '"Mallory"')::json
       WHERE record->>'toolCallId' = 'o2'`,
    )
    expect(await codes(pool)).toEqual([['older_log_broken', undefined, null]])
    await pool.query("DELETE FROM studypulse.audit WHERE record->>'toolCallId' IN ('o2', 'o3')")
    // Its last lines cut: the first checkpoint saw three.
    expect(await codes(pool)).toEqual([['tail_cut', undefined, null]])
  })
})
