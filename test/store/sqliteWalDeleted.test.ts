import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { sqliteFileName } from '../../store/sqlite/sqliteRunStore.ts'
import { type AppHarness, pagePost, startIn } from '../app/appHarness.ts'

// Another program deletes studypulse.db-wal and -shm while a card waits: the call's transaction
// commits (SQLite writes the WAL it has open), so the run must report it done, once.
let dir: string | undefined
let h: AppHarness | undefined
afterEach(async () => {
  await h?.dispose()
  h = undefined
  if (dir !== undefined) await rm(dir, { recursive: true, force: true, maxRetries: 3 })
})

describe('the WAL files deleted under the app', () => {
  it('an allowed call that committed is reported completed, with one audit line, never as failed', async () => {
    dir = await mkdtemp(join(tmpdir(), 'studypulse-wal-deleted-'))
    h = await startIn(dir)
    const started = await pagePost(h, '/api/runs', {
      input: 'add a task to review chapter 3 by Friday',
    })
    const runId = started.json().runId as string
    await waitForRun(h.runtime, runId, 'awaitingConfirmation', { timeoutMs: 60_000 })
    const file = join(h.workspace.root, sqliteFileName)
    await rm(`${file}-wal`)
    await rm(`${file}-shm`)
    const card = h.runtime.view(runId).pending
    const allowed = await pagePost(h, `/api/runs/${runId}/confirmations`, {
      confirmationId: card?.confirmationId,
      decision: 'allow',
      digest: card?.digest,
    })
    expect(allowed.status).toBeLessThan(300)
    await waitForRun(h.runtime, runId, 'awaitingInput', { timeoutMs: 60_000 })
    const reports = h.runtime
      .view(runId)
      .events.filter((e) => e.kind === 'toolFailed' || e.kind === 'toolCompleted')
    expect(reports.map((e) => e.kind)).toEqual(['toolCompleted'])
    const tasks = (await h.workspace.readTasks()).map((t) => t.title.toLowerCase())
    expect(tasks.filter((title) => title.includes('review chapter 3'))).toHaveLength(1)
    await h.runtime.flush()
    const audit = (await h.runtime.store?.readAudit()) ?? []
    expect(audit.map((line) => line.outcome)).toEqual(['completed'])
  }, 120_000)
})
