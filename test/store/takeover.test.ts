import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'libsql'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { postgresRunStore } from '../../store/postgres/postgresRunStore.ts'
import type { RunStore } from '../../store/RunStore.ts'
import { sqliteFileName, sqliteRunStore } from '../../store/sqlite/sqliteRunStore.ts'
import { nodeScript } from '../helpers/nodeScript.ts'
import { freshDatabase } from '../helpers/postgres.ts'

const child = join(import.meta.dirname, 'claimChild.ts')
const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** Starts a process that claims `runId` and resolves once it holds it. */
function claimInChild(kind: 'sqlite' | 'postgres', location: string, runId: string) {
  return new Promise<ChildProcess>((resolve, reject) => {
    const proc = spawn(process.execPath, [...nodeScript(child), kind, location, runId], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    cleanups.push(async () => proc.kill('SIGKILL'))
    let out = ''
    let err = ''
    proc.stdout.on('data', (d) => {
      out += d
      if (out.includes('{"ok":true}')) resolve(proc)
      else if (out.includes('\n')) reject(new Error(`the child could not claim: ${out}`))
    })
    proc.stderr.on('data', (d) => {
      err += d
    })
    proc.on('exit', (code) => reject(new Error(`the child exited (${code}) early: ${err}`)))
  })
}

async function killed(proc: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => proc.once('exit', resolve))
  proc.kill('SIGKILL')
  await exited
}

/** A killed process's run stays refused at first, then another store takes it over. */
async function expectTakeover(store: RunStore, proc: ChildProcess, runId: string): Promise<void> {
  expect(await store.claim(runId)).toMatchObject({ ok: false, code: 'run_owned_elsewhere' })
  await killed(proc)
  await vi.waitFor(async () => expect(await store.claim(runId)).toEqual({ ok: true }), {
    timeout: 20_000,
    interval: 100,
  })
}

describe('a run whose owner process was killed is taken over', () => {
  test('SQLite store: at once when the dead owner ran on this host (its pid is gone)', async () => {
    const root = await mkdtemp(join(tmpdir(), 'studypulse-takeover-'))
    cleanups.push(() => rm(root, { recursive: true, force: true }))
    // The child's heartbeat stays fresh for a minute: only its gone pid frees the run.
    const proc = await claimInChild('sqlite', root, 'r1')
    const store = sqliteRunStore(root, { ownerStaleMs: 60_000 })
    cleanups.push(() => store.close())
    expect(await store.claim('r1')).toMatchObject({ ok: false, code: 'run_owned_elsewhere' })
    await killed(proc)
    expect(await store.claim('r1')).toEqual({ ok: true })
  })

  test('SQLite store: an owner on another host holds its runs until its heartbeat is stale', async () => {
    const root = await mkdtemp(join(tmpdir(), 'studypulse-takeover-'))
    cleanups.push(() => rm(root, { recursive: true, force: true }))
    const store = sqliteRunStore(root, { ownerStaleMs: 5_000 })
    cleanups.push(() => store.close())
    // Another machine on a shared folder: its pid means nothing here, only its heartbeat counts.
    const db = new Database(join(root, sqliteFileName))
    cleanups.push(async () => db.close())
    const beat = db.prepare(
      "INSERT OR REPLACE INTO owners (owner_id, host, pid, heartbeat_ms) VALUES ('far', 'elsewhere', 1, ?)",
    )
    beat.run(Date.now())
    db.prepare("INSERT INTO runs (run_id, owner) VALUES ('r1', 'far')").run()
    expect(await store.claim('r1')).toMatchObject({ ok: false, owner: 'far' })
    beat.run(Date.now() - 6_000)
    expect(await store.claim('r1')).toEqual({ ok: true })
  })

  test('PostgreSQL store: after the dead owner’s lease runs out', async () => {
    const db = await freshDatabase()
    const store = await postgresRunStore({ connectionString: db.url }, { leaseMs: 1_000 })
    cleanups.push(() => store.close())
    const proc = await claimInChild('postgres', db.url, 'r1')
    await expectTakeover(store, proc, 'r1')
  })
})
