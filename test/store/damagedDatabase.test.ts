import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { describeStartupFailure, startRuntime } from '../../app/startRuntime.ts'
import { OfflinePlanner } from '../../models/offline/OfflinePlanner.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { RunStoreError } from '../../store/RunStoreError.ts'
import { sqliteFileName, sqliteRunStore } from '../../store/sqlite/sqliteRunStore.ts'
import { Workspace } from '../../workspace/Workspace.ts'
import { nodeScript } from '../helpers/nodeScript.ts'

// A damaged studypulse.db (random bytes, cut in half, a zeroed page) is named with what to do, by
// the app's start and by `npm run audit -- --verify`, and never written to.
const repo = fileURLToPath(new URL('../..', import.meta.url))
let dir: string | undefined
afterEach(async () => {
  if (dir !== undefined) await rm(dir, { recursive: true, force: true, maxRetries: 3 })
  dir = undefined
})

/** A workspace whose studypulse.db holds a few finished runs, closed cleanly, without its -wal/-shm. */
async function workspaceWithRuns(): Promise<string> {
  dir = await mkdtemp(join(tmpdir(), 'studypulse-damaged-db-'))
  const ws = join(dir, 'ws')
  await Workspace.openOrCreate(ws, { samples: true })
  const started = await startRuntime({
    model: new OfflinePlanner(),
    env: { STUDYPULSE_WORKSPACE: ws },
    log: () => {},
  })
  for (let i = 0; i < 12; i++) {
    const runId = started.runtime.startRun({
      input: `what are my tasks ${'and notes '.repeat(40)}`,
    })
    await waitForRun(started.runtime, runId, 'awaitingInput')
    await started.runtime.cancel(runId)
  }
  await started.runtime.close()
  // Closed: everything is in the file itself (finding 8), so the damage below is all there is.
  for (const suffix of ['-wal', '-shm'])
    rmSync(join(ws, `${sqliteFileName}${suffix}`), { force: true })
  return ws
}

const damages: [string, (file: string) => void][] = [
  [
    'random bytes',
    (file) =>
      writeFileSync(
        file,
        Buffer.from(Array.from({ length: 8192 }, (_, i) => (i * 7919 + 13) % 251)),
      ),
  ],
  [
    'cut in half',
    (file) => truncateSync(file, Math.floor(readFileSync(file).length / 2 / 4096) * 4096 + 1000),
  ],
  [
    'a zeroed page',
    (file) => {
      const bytes = readFileSync(file)
      // A page in the middle of the file: one of the tables' pages, not the header.
      const page = Math.floor(bytes.length / 4096 / 2)
      bytes.fill(0, page * 4096, (page + 1) * 4096)
      writeFileSync(file, bytes)
    },
  ],
]

const digest = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex')

/** `npm run audit -- --verify` on the workspace: its exit code and what it printed. */
function auditVerify(ws: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeScript(join(repo, 'app/audit.ts')), '--verify'], {
      cwd: repo,
      env: { ...process.env, STUDYPULSE_WORKSPACE: ws },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    child.stdout.on('data', (d) => {
      out += d
    })
    child.stderr.on('data', (d) => {
      out += d
    })
    child.on('error', reject)
    child.on('exit', (code) => resolve({ code, out }))
  })
}

describe('a damaged studypulse.db is named, with what to do, and never written to', () => {
  it.each(damages)(
    '%s: the store, the app and the audit refuse it by name',
    async (_, damage) => {
      const ws = await workspaceWithRuns()
      const file = join(ws, sqliteFileName)
      damage(file)
      const before = digest(file)
      const what = new RegExp(
        `${file.replaceAll(/[.*+?^${}()|[\]\\/]/g, '\\$&')} is damaged \\(.+\\); nothing was written to it\\. Move it aside`,
      )

      let refused: unknown
      try {
        sqliteRunStore(ws)
      } catch (error) {
        refused = error
      }
      expect(refused).toBeInstanceOf(RunStoreError)
      expect(refused).toMatchObject({
        code: 'store_corrupt',
        file,
        message: expect.stringMatching(what),
      })

      const failure = await startRuntime({
        model: new OfflinePlanner(),
        env: { STUDYPULSE_WORKSPACE: ws },
        log: () => {},
      }).then(
        () => undefined,
        (error: unknown) => error,
      )
      expect(describeStartupFailure(failure)).toMatch(what)

      const audit = await auditVerify(ws)
      expect(audit.code).toBe(1)
      expect(audit.out).toMatch(what)

      expect(digest(file)).toBe(before)
      expect(existsSync(`${file}-wal`) ? readFileSync(`${file}-wal`).length : 0).toBe(0)
    },
    120_000,
  )
})
