import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { RunStoreError } from '../../store/RunStoreError.ts'
import { sqliteFileName, sqliteRunStore } from '../../store/sqlite/sqliteRunStore.ts'
import { type AppHarness, pageGet, pagePost, startIn } from '../app/appHarness.ts'

// Another process holds studypulse.db's write lock longer than the store will wait: the app must
// refuse the writes it cannot save, say why, keep serving, and take writes again once released.
const holder = fileURLToPath(new URL('../helpers/holdSqliteLock.mjs', import.meta.url))
let dir: string | undefined
const children: ChildProcessWithoutNullStreams[] = []
let h: AppHarness | undefined
afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL')
  await h?.dispose()
  h = undefined
  if (dir !== undefined) await rm(dir, { recursive: true, force: true, maxRetries: 3 })
})

/** Starts another process holding `file`'s write lock; resolves once it holds it. */
async function holdLock(file: string): Promise<{ release(): Promise<void> }> {
  const child = spawn(process.execPath, [holder, file], { stdio: ['pipe', 'pipe', 'pipe'] })
  children.push(child)
  const lines = createInterface({ input: child.stdout })
  const next = () =>
    new Promise<string>((resolve, reject) => {
      lines.once('line', resolve)
      child.once('exit', (code) => reject(new Error(`the lock holder exited (${code})`)))
    })
  expect(await next()).toBe('held')
  return {
    async release() {
      child.stdin.write('go\n')
      expect(await next()).toBe('released')
    },
  }
}

/** Lines told to the log, and a wait for one matching a pattern (told already, or later). */
function logLines() {
  const lines: string[] = []
  const waiting: { pattern: RegExp; resolve: (line: string) => void }[] = []
  return {
    lines,
    log(line: string) {
      lines.push(line)
      for (const w of waiting.splice(0)) {
        if (w.pattern.test(line)) w.resolve(line)
        else waiting.push(w)
      }
    },
    /** The first line matching `pattern` told at index `from` or later. */
    next(pattern: RegExp, from = 0): Promise<string> {
      const told = lines.slice(from).find((line) => pattern.test(line))
      if (told !== undefined) return Promise.resolve(told)
      return new Promise((resolve) => waiting.push({ pattern, resolve }))
    },
  }
}

describe('a write lock held by another process', () => {
  it('the store refuses a save with store_busy naming the file, never blocking the event loop for long, and saves once the lock is gone', async () => {
    dir = await mkdtemp(join(tmpdir(), 'studypulse-held-lock-'))
    const told = logLines()
    const store = sqliteRunStore(dir, { busyTimeoutMs: 1_000, ownerStaleMs: 300, log: told.log })
    const lock = await holdLock(join(dir, sqliteFileName))
    // The heartbeat (every 100 ms here) is refused: told once, and the process lives on.
    const missed = told.next(/heartbeat was not saved/)
    let ticks = 0
    const ticking = setInterval(() => {
      ticks += 1
    }, 1)
    const refused = await store.claim('r1').then(
      () => undefined,
      (error: unknown) => error,
    )
    clearInterval(ticking)
    expect(refused).toBeInstanceOf(RunStoreError)
    expect(refused).toMatchObject({
      code: 'store_busy',
      message: expect.stringMatching(/studypulse\.db is locked by another program/),
      file: join(dir, sqliteFileName),
    })
    // The second it waited, the event loop ran between short tries (it was never held the whole time).
    expect(ticks).toBeGreaterThan(1)
    expect(await missed).toMatch(/studypulse\.db is locked by another program/)
    // Reads go on under another's write lock (WAL).
    expect(await store.listOpenRuns()).toEqual([])
    const recovered = told.next(/takes writes again/, told.lines.length)
    await lock.release()
    await recovered
    expect(await store.claim('r1')).toEqual({ ok: true })
    await store.close()
  }, 60_000)

  it('the app keeps serving: a read answers, an Allow that cannot be saved leaves its card waiting (503 store_busy, nothing run, nothing dropped), and after the release the card is allowed and runs once', async () => {
    dir = await mkdtemp(join(tmpdir(), 'studypulse-held-lock-app-'))
    const told = logLines()
    h = await startIn(dir, { log: told.log })
    const started = await pagePost(h, '/api/runs', {
      input: 'add a task to review chapter 3 by Friday',
    })
    expect(started.status).toBe(201)
    const runId = started.json().runId as string
    await waitForRun(h.runtime, runId, 'awaitingConfirmation', { timeoutMs: 60_000 })
    await h.runtime.flush()
    // Taken while the card waits, as another program (a backup, a sync tool) would.
    const lock = await holdLock(join(h.workspace.root, sqliteFileName))
    // Before the fix the heartbeat's throw ended the process (here: an uncaught error in the test).
    await told.next(/heartbeat was not saved/)
    expect((await pageGet(h, '/api/runs')).status).toBe(200)
    const card = h.runtime.view(runId).pending
    const allowed = await pagePost(h, `/api/runs/${runId}/confirmations`, {
      confirmationId: card?.confirmationId,
      decision: 'allow',
      digest: card?.digest,
    })
    // The decider hears why, and the card waits again (a new id: the old one was retired).
    expect(allowed.status).toBe(503)
    expect(allowed.json()).toMatchObject({ error: { code: 'store_busy' } })
    expect(JSON.stringify(allowed.json())).toMatch(/studypulse\.db is locked by another program/)
    const view = h.runtime.view(runId)
    expect(view.value).toBe('awaitingConfirmation')
    const again = view.pending
    expect(again?.callId).toBe(card?.callId)
    expect(again?.confirmationId).not.toBe(card?.confirmationId)
    expect(view.events.some((e) => e.kind === 'toolFailed' || e.kind === 'toolCompleted')).toBe(
      false,
    )
    const titles = async () => (await h?.workspace.readTasks())?.map((t) => t.title.toLowerCase())
    expect(await titles()).not.toContain('review chapter 3')
    expect(
      told.lines.some((line) => /database is locked/.test(line) && !/studypulse\.db/.test(line)),
    ).toBe(false)

    const recovered = told.next(/takes writes again/, told.lines.length)
    await lock.release()
    await recovered
    await h.runtime.flush()
    // Nothing the refused saves held was dropped: the stored log has every event, in order.
    const stored = (await h.runtime.store?.readEvents(runId)) ?? []
    expect(stored.map((e) => e.seq)).toEqual(stored.map((_, i) => i + 1))
    expect(stored.at(-1)?.seq).toBe(h.runtime.view(runId).events.at(-1)?.seq)
    const second = await pagePost(h, `/api/runs/${runId}/confirmations`, {
      confirmationId: again?.confirmationId,
      decision: 'allow',
      digest: again?.digest,
    })
    expect(second.status).toBeLessThan(300)
    await waitForRun(h.runtime, runId, 'awaitingInput', { timeoutMs: 60_000 })
    await h.runtime.flush()
    expect((await titles())?.filter((t) => t.includes('review chapter 3'))).toHaveLength(1)
    // The Allow that took is in the audit, once, as completed.
    const audit = (await h.runtime.store?.readAudit()) ?? []
    expect(audit.map((line) => [line.toolName, line.outcome, line.confirmationId])).toEqual([
      ['create_task', 'completed', again?.confirmationId],
    ])
    const events = (await h.runtime.store?.readEvents(runId)) ?? []
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1))
  }, 120_000)
})
