// A folder database written before schema step 5 (events, messages and the journal in tables of
// their own, AUTOINCREMENT ids, a text-keyed card table) opens with every row in its order: the
// run log reads back what the three tables held, the audit chain goes on from its last line, the
// run list keeps its order and pages by cursor (in `runs` since step 7), the waiting card stays
// waiting.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'libsql'
import { afterAll, describe, expect, test } from 'vitest'
import type { AuditRecord } from '../../store/AuditRecord.ts'
import { chainLines, chainStart, verifyAuditChain } from '../../store/auditChain.ts'
import { readSqliteAuditLines, sqliteRunStore } from '../../store/sqlite/sqliteRunStore.ts'
import { sqliteMigrations } from '../../store/sqlite/sqliteSchema.ts'

const roots: string[] = []
afterAll(async () => {
  for (const root of roots) await rm(root, { recursive: true, force: true })
})

const audit = (runId: string, toolCallId: string): AuditRecord => ({
  at: '2026-12-01T09:00:00.000Z',
  runId,
  toolCallId,
  toolName: 'create_task',
  permission: 'write',
  outcome: 'completed',
})
const snapshot = (runId: string) =>
  JSON.stringify({ version: 2, runId, value: 'awaitingConfirmation', snapshot: {}, lastSeq: 2 })

// The database as version 4 left it: the first four steps only, rows written as that code wrote them.
function writeVersion4(file: string): void {
  const db = new Database(file)
  db.exec('PRAGMA journal_mode = WAL')
  db.exec('CREATE TABLE schema_version (version integer PRIMARY KEY, name text NOT NULL)')
  for (const step of sqliteMigrations.filter((s) => s.version <= 4)) {
    db.exec(step.sql)
    db.prepare('INSERT INTO schema_version (version, name) VALUES (?, ?)').run(
      step.version,
      step.name,
    )
  }
  // Two runs whose rows interleave, as two runs saved turn by turn leave them.
  for (const runId of ['run-b', 'run-a']) {
    db.prepare('INSERT INTO runs (run_id, snapshot, value, last_seq) VALUES (?, ?, ?, 2)').run(
      runId,
      snapshot(runId),
      'awaitingConfirmation',
    )
    db.prepare('INSERT INTO run_list (run_id, started_at, title) VALUES (?, ?, ?)').run(
      runId,
      '2026-12-01T09:00:00.000Z',
      `Title of ${runId}`,
    )
  }
  const event = db.prepare('INSERT INTO run_events (run_id, seq, event) VALUES (?, ?, ?)')
  const message = db.prepare(
    'INSERT INTO run_messages (run_id, position, message) VALUES (?, ?, ?)',
  )
  const record = db.prepare('INSERT INTO run_journal (run_id, record) VALUES (?, ?)')
  for (const seq of [2, 1]) {
    for (const runId of ['run-a', 'run-b']) {
      event.run(runId, seq, JSON.stringify({ runId, seq, type: 'note', text: `${runId} ${seq}` }))
      message.run(runId, seq - 1, JSON.stringify({ role: 'user', content: `${runId} m${seq}` }))
    }
  }
  for (const n of [3, 1, 2]) {
    record.run('run-a', JSON.stringify({ type: 'intent', callId: `a${n}`, digest: 'd', at: 'x' }))
    record.run('run-b', JSON.stringify({ type: 'intent', callId: `b${n}`, digest: 'd', at: 'x' }))
  }
  const { lines } = chainLines(chainStart, [audit('run-a', 'a1'), audit('run-b', 'b1')])
  for (const line of lines) {
    db.prepare('INSERT INTO audit (run_id, line) VALUES (?, ?)').run(JSON.parse(line).runId, line)
  }
  db.prepare(
    'INSERT INTO pending_confirmations (confirmation_id, run_id, digest) VALUES (?, ?, ?)',
  ).run('card-a', 'run-a', 'digest-a')
  db.close()
}

describe('schema step 5: the run log', () => {
  test('a version 4 database migrates with every row kept, in order, and goes on', async () => {
    const root = await mkdtemp(join(tmpdir(), 'studypulse-runlog-'))
    roots.push(root)
    writeVersion4(join(root, 'studypulse.db'))
    const store = sqliteRunStore(root)
    try {
      expect(await store.listOpenRuns()).toEqual(['run-b', 'run-a'])
      for (const runId of ['run-a', 'run-b']) {
        expect((await store.readEvents(runId)).map((e) => e.seq)).toEqual([1, 2])
        expect(await store.readEvents(runId, 1)).toMatchObject([{ runId, seq: 2 }])
        expect(await store.readMessages(runId)).toEqual([
          { role: 'user', content: `${runId} m1` },
          { role: 'user', content: `${runId} m2` },
        ])
        const prefix = runId === 'run-a' ? 'a' : 'b'
        expect(
          (await store.readJournal(runId)).map((r) => (r as { callId: string }).callId),
        ).toEqual([`${prefix}3`, `${prefix}1`, `${prefix}2`])
      }
      const first = await store.listRuns({ limit: 1 })
      expect(first.runs.map((r) => r.runId)).toEqual(['run-a'])
      expect((await store.listRuns({ cursor: first.nextCursor })).runs.map((r) => r.runId)).toEqual(
        ['run-b'],
      )
      // The run goes on: its card is decided and closed, its log and the audit chain grow.
      expect(await store.claim('run-a')).toEqual({ ok: true })
      await store.commit('run-a', {
        events: [{ runId: 'run-a', seq: 3, type: 'note', text: 'after' } as never],
        messages: { from: 2, items: [{ role: 'assistant', content: 'after' } as never] },
        journal: [{ type: 'outcome', callId: 'a1', at: 'y', ok: true } as never],
        audit: [audit('run-a', 'a2')],
        snapshot: JSON.parse(snapshot('run-a')),
      })
      expect((await store.readEvents('run-a')).map((e) => e.seq)).toEqual([1, 2, 3])
      expect(await store.readMessages('run-a')).toHaveLength(3)
      expect(await store.readJournal('run-a')).toHaveLength(4)
      expect((await store.readAudit()).map((line) => line.toolCallId)).toEqual(['a1', 'b1', 'a2'])
    } finally {
      await store.close()
    }
    const db = new Database(join(root, 'studypulse.db'), { readonly: true })
    try {
      const chain = verifyAuditChain(readSqliteAuditLines(db))
      expect(chain).toMatchObject({ lines: 3, beforeChain: 0 })
      expect(chain.broken).toBeUndefined()
      // Step 5 and every step after it ran (the newest is the schema's last).
      expect(
        (db.prepare('SELECT max(version) AS v FROM schema_version').get() as { v: number }).v,
      ).toBe(sqliteMigrations.at(-1)?.version)
      expect(
        db.prepare('SELECT run_id FROM pending_confirmations WHERE resolved = 0').pluck(true).all(),
      ).toEqual(['run-a'])
      // The tables the log replaced, and the counter every AUTOINCREMENT insert rewrote, are gone.
      const tables = db
        .prepare("SELECT name FROM sqlite_master WHERE type IN ('table', 'index')")
        .pluck(true)
        .all()
      expect(tables).not.toContain('run_events')
      expect(tables).not.toContain('runs_open')
      expect(tables).not.toContain('run_list_person')
      // Step 7: the run list is in `runs`, a card is keyed by its run, and a run's log rows are
      // a range of their own: no second card index, no log index.
      expect(tables).not.toContain('run_list')
      expect(tables).not.toContain('pending_confirmations_run')
      expect(tables).not.toContain('run_log_run')
      expect(
        (db.prepare('SELECT count(*) AS n FROM sqlite_sequence').get() as { n: number }).n,
      ).toBe(0)
    } finally {
      db.close()
    }
  })
})
