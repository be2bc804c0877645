import { execFileSync } from 'node:child_process'
import { appendFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { RunStoreError } from '../../store/RunStoreError.ts'
import { sqliteFileName, sqliteRunStore } from '../../store/sqlite/sqliteRunStore.ts'
import { type AppHarness, pageGet, pagePost, startIn } from '../app/appHarness.ts'

// A real full filesystem: a small tmpfs mounted for the test (root only; elsewhere the test says
// why it cannot run). SQLite answers "database or disk is full" as it would on a full disk.
function mountSmallDisk(): string | undefined {
  const at = mkdtempSync(join(tmpdir(), 'studypulse-full-disk-'))
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16m', 'tmpfs', at], { stdio: 'ignore' })
    return at
  } catch {
    rmSync(at, { recursive: true, force: true })
    return undefined
  }
}
const probe = mountSmallDisk()
if (probe !== undefined) {
  execFileSync('umount', [probe])
  rmSync(probe, { recursive: true, force: true })
}
const canMount = probe !== undefined

let disk: string | undefined
let h: AppHarness | undefined
afterEach(async () => {
  try {
    await h?.dispose()
  } finally {
    h = undefined
    if (disk !== undefined) {
      execFileSync('umount', ['-l', disk])
      rmSync(disk, { recursive: true, force: true })
      disk = undefined
    }
  }
})

/** Fills the disk with one file until it takes no more; returns that file (delete it to free the space). */
function fillDisk(root: string): string {
  const filler = join(root, 'filler')
  for (const size of [1 << 20, 64 << 10, 4 << 10, 512]) {
    try {
      for (;;) appendFileSync(filler, Buffer.alloc(size))
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error
    }
  }
  return filler
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
    next(pattern: RegExp, from = 0): Promise<string> {
      const told = lines.slice(from).find((line) => pattern.test(line))
      if (told !== undefined) return Promise.resolve(told)
      return new Promise((resolve) => waiting.push({ pattern, resolve }))
    },
  }
}

const full = /studypulse\.db cannot grow: the disk is full/

describe.skipIf(!canMount)('a full disk (a 16 MB tmpfs filled up; mounting one needs root)', () => {
  it('the store refuses a save with store_full naming the file, the heartbeat says so, and both go on once there is room', async () => {
    disk = mountSmallDisk()
    const root = join(disk as string, 'ws')
    mkdirSync(root)
    const told = logLines()
    const store = sqliteRunStore(root, { ownerStaleMs: 300, log: told.log })
    const filler = fillDisk(disk as string)
    // The claim writes a new row: the file must grow, and cannot.
    const refused = await store.claim('r1').then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(refused).toBeInstanceOf(RunStoreError)
    expect(refused).toMatchObject({
      code: 'store_full',
      message: expect.stringMatching(full),
      file: join(root, sqliteFileName),
    })
    expect(await told.next(/heartbeat was not saved/)).toMatch(full)
    expect(await store.listOpenRuns()).toEqual([])
    const recovered = told.next(/takes writes again/, told.lines.length)
    rmSync(filler)
    await recovered
    expect(await store.claim('r1')).toEqual({ ok: true })
    await store.close()
  }, 60_000)

  it('the app keeps serving: an Allow that cannot be saved (the disk is full) leaves its card waiting (507 store_full, nothing run), and once space is freed the card is allowed and runs', async () => {
    disk = mountSmallDisk()
    const told = logLines()
    // In a folder of the disk: the harness removes its folder when disposed.
    h = await startIn(join(disk as string, 'app'), { log: told.log })
    const filler = fillDisk(disk as string)
    const started = await pagePost(h, '/api/runs', {
      input: 'add a task to review chapter 3 by Friday',
    })
    expect(started.status).toBe(201)
    const runId = started.json().runId as string
    await waitForRun(h.runtime, runId, 'awaitingConfirmation', { timeoutMs: 60_000 })
    const card = h.runtime.view(runId).pending
    const allowed = await pagePost(h, `/api/runs/${runId}/confirmations`, {
      confirmationId: card?.confirmationId,
      decision: 'allow',
      digest: card?.digest,
    })
    expect(allowed.status).toBe(507)
    expect(JSON.stringify(allowed.json())).toMatch(full)
    const view = h.runtime.view(runId)
    expect(view.value).toBe('awaitingConfirmation')
    expect(view.pending?.callId).toBe(card?.callId)
    expect(view.events.some((e) => e.kind === 'toolFailed' || e.kind === 'toolCompleted')).toBe(
      false,
    )
    expect((await pageGet(h, '/api/runs')).status).toBe(200)
    const titles = async () => (await h?.workspace.readTasks())?.map((t) => t.title.toLowerCase())
    expect(await titles()).not.toContain('review chapter 3')
    await told.next(/heartbeat was not saved/)

    const recovered = told.next(/takes writes again/, told.lines.length)
    rmSync(filler)
    await recovered
    const again = await pagePost(h, '/api/runs', { input: 'add a task to read chapter 4' })
    const next = again.json().runId as string
    await waitForRun(h.runtime, next, 'awaitingConfirmation', { timeoutMs: 60_000 })
    const second = h.runtime.view(next).pending
    await pagePost(h, `/api/runs/${next}/confirmations`, {
      confirmationId: second?.confirmationId,
      decision: 'allow',
      digest: second?.digest,
    })
    await waitForRun(h.runtime, next, 'awaitingInput', { timeoutMs: 60_000 })
    await h.runtime.flush()
    expect(await titles()).toContain('read chapter 4')
    // The first card, offered again, is allowed once there is room, and runs once.
    const waiting = h.runtime.view(runId).pending
    await pagePost(h, `/api/runs/${runId}/confirmations`, {
      confirmationId: waiting?.confirmationId,
      decision: 'allow',
      digest: waiting?.digest,
    })
    await waitForRun(h.runtime, runId, 'awaitingInput', { timeoutMs: 60_000 })
    await h.runtime.flush()
    expect((await titles())?.filter((t) => t.includes('review chapter 3'))).toHaveLength(1)
    const stored = (await h.runtime.store?.readEvents(runId)) ?? []
    expect(stored.map((e) => e.seq)).toEqual(stored.map((_, i) => i + 1))
    expect((await h.runtime.store?.readAudit())?.map((line) => line.toolName)).toContain(
      'create_task',
    )
  }, 120_000)
})
