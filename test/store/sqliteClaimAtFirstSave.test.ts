// A run made here is claimed by its first save on the folder's SQLite store (`claimNew`): no
// commit of its own, and the same exclusion as a claim (the owner check is inside that save).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { RunStore } from '../../store/RunStore.ts'
import { sqliteRunStore } from '../../store/sqlite/sqliteRunStore.ts'
import { storedRows } from '../helpers/sqliteFolder.ts'
import { eventsOf, snapshotOf } from './runStoreContract.ts'

// Two stores on one folder are two owners (the web app and the terminal chat), both alive.
let dir: string
let a: RunStore
let b: RunStore
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'studypulse-claimnew-'))
  a = sqliteRunStore(dir)
  b = sqliteRunStore(dir)
})
afterAll(async () => {
  await a.close()
  await b.close()
  await rm(dir, { recursive: true, force: true })
})

const firstSave = (runId: string) => ({
  snapshot: snapshotOf(runId, 1),
  events: eventsOf(runId, 1, 1),
  started: { startedAt: new Date().toISOString(), title: 'plan my week' },
  relaxed: true as const,
})
const ownerOf = (runId: string) =>
  storedRows(dir, 'SELECT owner FROM runs WHERE run_id = ?', runId)[0]?.[0]

test('the first save takes the run, and the other owner is refused it', async () => {
  expect(await a.claimNew?.('r1')).toEqual({ ok: true })
  // Nothing is written before the first save: the run does not exist yet.
  expect(storedRows(dir, 'SELECT run_id FROM runs WHERE run_id = ?', 'r1')).toEqual([])
  await a.commit('r1', firstSave('r1'))
  expect(ownerOf('r1')).toBeTypeOf('string')
  expect(await b.claim('r1')).toMatchObject({ ok: false, code: 'run_owned_elsewhere' })
  await expect(b.commit('r1', { events: eventsOf('r1', 2, 2) })).rejects.toMatchObject({
    code: 'run_owned_elsewhere',
  })
  expect((await a.readEvents('r1')).map((e) => e.seq)).toEqual([1])
})

test('a first save refused by a live owner writes nothing and says so', async () => {
  expect((await a.claim('r2')).ok).toBe(true)
  const holder = ownerOf('r2')
  await b.claimNew?.('r2')
  await expect(b.commit('r2', firstSave('r2'))).rejects.toMatchObject({
    code: 'run_owned_elsewhere',
  })
  expect(await b.readEvents('r2')).toEqual([])
  expect((await b.listRuns()).runs.map((run) => run.runId)).not.toContain('r2')
  expect(ownerOf('r2')).toBe(holder)
})
