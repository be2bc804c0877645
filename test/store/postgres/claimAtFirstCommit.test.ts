// A run made here is claimed by its first save (`commit_started_run` takes the lease): no claim
// statement of its own, the same exclusion, and a lease the heartbeat keeps from the start.
import { afterEach, expect, test } from 'vitest'
import {
  type PostgresRunStore,
  postgresRunStore,
} from '../../../store/postgres/postgresRunStore.ts'
import { freshDatabase } from '../../helpers/postgres.ts'
import { eventsOf, snapshotOf } from '../runStoreContract.ts'

const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

async function open(url: string, ownerId: string): Promise<PostgresRunStore> {
  const store = await postgresRunStore(
    { connectionString: url },
    { ownerId, leaseMs: 60_000, auditCheckpointEveryMs: 0 },
  )
  closers.push(() => store.close())
  return store
}

const firstSave = (runId: string) => ({
  snapshot: snapshotOf(runId, 1),
  events: eventsOf(runId, 1, 1),
  started: { startedAt: new Date().toISOString(), title: 'plan my week' },
})

const leaseOf = async (store: PostgresRunStore, runId: string) =>
  (
    await store.pool.query<{ owner: string | null; left: number | null }>(
      `SELECT owner, extract(epoch FROM lease_expires_at - now())::float8 AS left
       FROM studypulse.runs WHERE run_id = $1`,
      [runId],
    )
  ).rows[0]

test('the first save takes the lease, and another node is refused the run', async () => {
  const { url } = await freshDatabase()
  const a = await open(url, 'node-a')
  const b = await open(url, 'node-b')
  expect(await a.claimNew?.('r1')).toEqual({ ok: true })
  // Nothing is sent before the first save: the run does not exist yet.
  expect(await leaseOf(a, 'r1')).toBeUndefined()
  await a.commit('r1', firstSave('r1'))
  const lease = await leaseOf(a, 'r1')
  expect(lease?.owner).toBe('node-a')
  expect(lease?.left).toBeGreaterThan(50)
  expect(await b.claim('r1')).toMatchObject({
    ok: false,
    code: 'run_owned_elsewhere',
    owner: 'node-a',
  })
  await expect(b.commit('r1', { events: eventsOf('r1', 2, 2) })).rejects.toMatchObject({
    code: 'run_owned_elsewhere',
  })
})

test('a first save refused by a live owner writes nothing and says so', async () => {
  const { url } = await freshDatabase()
  const a = await open(url, 'node-a')
  const b = await open(url, 'node-b')
  expect((await a.claim('r1')).ok).toBe(true)
  await b.claimNew?.('r1')
  await expect(b.commit('r1', firstSave('r1'))).rejects.toMatchObject({
    code: 'run_owned_elsewhere',
  })
  expect(await b.readEvents('r1')).toEqual([])
  expect((await leaseOf(a, 'r1'))?.owner).toBe('node-a')
})

test('a run whose first save is on its way is renewed as soon as its row exists, never reported lost', async () => {
  const { url } = await freshDatabase()
  const a = await open(url, 'node-a')
  const lost: string[] = []
  a.cluster.onClaimLost((runId) => lost.push(runId))
  await a.claimNew?.('r1')
  // No row yet: the heartbeat finds nothing, and the run is not lost.
  await a.renewClaims()
  expect(lost).toEqual([])
  // The first save has committed (its lease about to run out) but not yet been answered here.
  await a.pool.query(
    `INSERT INTO studypulse.runs (run_id, owner, lease_expires_at)
     VALUES ('r1', 'node-a', now() + interval '10 milliseconds')`,
  )
  await a.renewClaims()
  expect((await leaseOf(a, 'r1'))?.left).toBeGreaterThan(50)
  expect(lost).toEqual([])
})

test('a run claimed with its first save whose first commit is not a start claims first', async () => {
  const { url } = await freshDatabase()
  const a = await open(url, 'node-a')
  await a.claimNew?.('r1')
  await a.commit('r1', { events: eventsOf('r1', 1, 1) })
  expect((await leaseOf(a, 'r1'))?.owner).toBe('node-a')
})
