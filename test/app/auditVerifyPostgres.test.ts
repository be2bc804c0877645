import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { AuditRecord } from '../../store/AuditRecord.ts'
import { writeAuditCheckpoint } from '../../store/postgres/postgresAuditLog.ts'
import { postgresRunStore } from '../../store/postgres/postgresRunStore.ts'
import { freshDatabase } from '../helpers/postgres.ts'
import { runAudit } from '../helpers/runAudit.ts'

const _repo = fileURLToPath(new URL('../..', import.meta.url))
let ws: string
let url: string
beforeAll(async () => {
  ws = join(await mkdtemp(join(tmpdir(), 'studypulse-audit-pg-')), 'ws')
  ;({ url } = await freshDatabase())
  const store = await postgresRunStore({ connectionString: url }, { auditCheckpointEveryMs: 0 })
  for (const [runId, name] of [
    ['r1', 'Rita'],
    ['r2', 'Rex'],
  ] as const) {
    await store.claim(runId)
    const record: AuditRecord = {
      at: '2026-12-01T14:00:00.000Z',
      runId,
      toolCallId: `${runId}-c`,
      toolName: 'delete_task',
      permission: 'destructive',
      decision: 'allow',
      decidedBy: 'user',
      decider: { id: name.toLowerCase(), name },
      outcome: 'completed',
    }
    await store.commit(runId, { audit: [record] })
  }
  await writeAuditCheckpoint(store.pool)
  await store.close()
})
afterAll(() => rm(join(ws, '..'), { recursive: true, force: true, maxRetries: 3 }))

const audit = (...args: string[]) => runAudit(ws, args, url)

describe('npm run audit on PostgreSQL', { timeout: 60_000 }, () => {
  test('prints the log, verifies it whole, then names a deleted run', async () => {
    const printed = await audit()
    expect(printed.stdout).toMatch(/allowed by Rita/)
    expect(printed.stdout).toMatch(/allowed by Rex/)
    const whole = await audit('--verify')
    expect(whole.code).toBe(0)
    expect(whole.stdout).toMatch(/is whole: 2 lines in 2 runs, 1 checkpoint\./)
    const { default: pg } = await import('pg')
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    await client.query("DELETE FROM studypulse.audit WHERE run_id = 'r2'")
    await client.end()
    const broken = await audit('--verify')
    expect(broken.code).toBe(2)
    expect(broken.stdout).toMatch(/run_deleted: run r2: checkpoint 1 saw 1 line\(s\)/)
  })
})
