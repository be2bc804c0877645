import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import Database from 'libsql'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import type { AuditRecord } from '../../store/AuditRecord.ts'
import { sqliteFileName, sqliteRunStore } from '../../store/sqlite/sqliteRunStore.ts'
import { Workspace } from '../../workspace/Workspace.ts'
import { runAudit } from '../helpers/runAudit.ts'

const _repo = fileURLToPath(new URL('../..', import.meta.url))
let ws: string
let log: string
beforeEach(async () => {
  ws = join(await mkdtemp(join(tmpdir(), 'studypulse-audit-')), 'ws')
  await Workspace.openOrCreate(ws, { samples: true })
  log = join(ws, sqliteFileName)
  // Four decisions, as the app's SQLite store writes them: each line chained to the one before.
  const store = sqliteRunStore(ws)
  await store.claim('r1')
  const people = ['Alice', 'Rita', 'Rex', 'Bob']
  for (const [i, name] of people.entries()) {
    const record: AuditRecord = {
      at: `2026-12-01T14:0${i}:00.000Z`,
      runId: 'r1',
      toolCallId: `c${i}`,
      toolName: 'delete_task',
      permission: 'destructive',
      preview: `delete task ${i}`,
      decision: 'allow',
      decidedBy: 'user',
      decider: { id: name.toLowerCase(), name },
      startedBy: { id: 'alice', name: 'Alice' },
      outcome: 'completed',
    }
    await store.commit('r1', { audit: [record] })
  }
  await store.close()
})
afterEach(() => rm(join(ws, '..'), { recursive: true, force: true, maxRetries: 3 }))

// `npm run audit [-- --verify]` on the workspace.
const audit = (...args: string[]) => runAudit(ws, args)

// The log's lines as stored, and a tamperer who rewrites the table with SQL of their own.
const lines = async () => {
  const db = new Database(log, { readonly: true })
  const rows = db.prepare('SELECT line FROM audit ORDER BY id').raw(true).all() as [string][]
  db.close()
  return rows.map(([line]) => line)
}
const write = async (text: string[]) => {
  const db = new Database(log)
  db.exec('DELETE FROM audit')
  const add = db.prepare("INSERT INTO audit (run_id, line) VALUES ('r1', ?)")
  for (const line of text) add.run(line)
  db.close()
}

describe('npm run audit -- --verify names the first line that does not fit', {
  timeout: 60_000,
}, () => {
  test('a whole log is whole, and the log prints who decided each call', async () => {
    const verified = await audit('--verify')
    expect(verified.code).toBe(0)
    expect(verified.stdout).toMatch(/is whole: 4 lines\./)
    const printed = await audit()
    expect(printed.stdout).toMatch(/allowed by Rita → done .* in a conversation of Alice/)
  })

  test('a card a cancel closed (its asker gone) is a line of the chain, and printed', async () => {
    const store = sqliteRunStore(ws)
    await store.claim('r2')
    const closed: AuditRecord = {
      at: '2026-12-01T14:05:00.000Z',
      runId: 'r2',
      toolCallId: 'c9',
      toolName: 'delete_task',
      permission: 'destructive',
      preview: 'delete task 9',
      confirmationId: 'k9',
      outcome: 'cancelled',
      code: 'asker_gone',
    }
    await store.commit('r2', { audit: [closed] })
    await store.close()
    const verified = await audit('--verify')
    expect(verified.code).toBe(0)
    expect(verified.stdout).toMatch(/is whole: 5 lines\./)
    const printed = await audit()
    expect(printed.stdout).toMatch(/delete task 9\n.*nobody → closed unanswered \(asker_gone\)/)
  })

  test('an edited line is named', async () => {
    const text = await lines()
    text[1] = (text[1] as string).replace('"Rita"', '"Mallory"')
    await write(text)
    const verified = await audit('--verify')
    expect(verified.code).toBe(2)
    expect(verified.stdout).toMatch(/at line 2:\n {2}line 2 was changed after it was written/)
  })

  test('a deleted line is named where the gap is', async () => {
    const text = await lines()
    text.splice(2, 1)
    await write(text)
    const verified = await audit('--verify')
    expect(verified.code).toBe(2)
    expect(verified.stdout).toMatch(/at line 3:\n {2}line 3 does not follow line 2/)
  })

  test('two lines swapped are named', async () => {
    const [one, two, three, four] = (await lines()) as [string, string, string, string]
    await write([one, three, two, four])
    const verified = await audit('--verify')
    expect(verified.code).toBe(2)
    expect(verified.stdout).toMatch(/at line 2:\n {2}line 2 does not follow line 1/)
  })

  test('an inserted line is named', async () => {
    const text = await lines()
    // A forged line in the chain's format, even one copied from the log, has no place here.
    text.splice(2, 0, text[1] as string)
    await write(text)
    const verified = await audit('--verify')
    expect(verified.code).toBe(2)
    expect(verified.stdout).toMatch(/at line 3:\n {2}line 3 does not follow line 2/)
  })
})
