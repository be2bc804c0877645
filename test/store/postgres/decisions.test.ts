import { describe, expect, test } from 'vitest'
import { memoryRunStore } from '../../../store/memoryRunStore.ts'
import type { PostgresRunStore } from '../../../store/postgres/postgresRunStore.ts'
import { emptyStudypulseTables, fileDatabase } from '../../helpers/postgres.ts'
import { signal } from '../../helpers/signal.ts'
import { clusterDecisionsContract, openCard } from '../clusterDecisionsContract.ts'
import { snapshotOf } from '../runStoreContract.ts'
import { nodeOn, nodesPerTest, proxiedNode } from './nodes.ts'

clusterDecisionsContract('postgresRunStore (one pool per node)', async () => {
  const db = await fileDatabase()
  await emptyStudypulseTables(db.url)
  return {
    open: (ownerId) => nodeOn(db.url, { ownerId }),
    listening: (store) => (store as PostgresRunStore).listening(),
    dispose: async () => undefined,
  }
})

/** The person's Allow of card k1 (digest d1) of run r1, as the tests below offer it. */
const allowK1 = {
  confirmationId: 'k1',
  decision: 'allow',
  decidedBy: 'user',
  digest: 'd1',
} as const

const perTest = nodesPerTest()
const { closers, node } = perTest

describe('deciding a card across PostgreSQL nodes', () => {
  test('the PostgreSQL store has a decision inbox; the memory store alone does not', async () => {
    expect((await node('a')).cluster).toBeDefined()
    expect(memoryRunStore().cluster).toBeUndefined()
  })

  test('a card the owner resolves itself keeps its decision in the table', async () => {
    const owner = await node('owner')
    await openCard(owner, 'r1', 'k1', 'd1')
    await owner.commit('r1', {
      snapshot: snapshotOf('r1', 3),
      events: [
        {
          runId: 'r1',
          seq: 3,
          at: '2026-11-30T09:00:00.000Z',
          kind: 'confirmationResolved',
          confirmationId: 'k1',
          decision: 'deny',
          decidedBy: 'timeout',
        },
      ],
    })
    const { rows } = await owner.pool.query(
      `SELECT decision, decided_by, resolved_at IS NOT NULL AS resolved
       FROM studypulse.pending_confirmations WHERE confirmation_id = 'k1'`,
    )
    expect(rows).toEqual([{ decision: 'deny', decided_by: 'timeout', resolved: true }])
  })

  test('a wake listener that throws harms neither the process nor the other listeners', async () => {
    const owner = await node('owner')
    const other = await node('other')
    await openCard(owner, 'r1', 'k1', 'd1')
    owner.cluster.onDecision(() => {
      throw new Error('a broken listener')
    })
    const woken = signal<string>()
    owner.cluster.onDecision((runId) => woken.resolve(runId))
    await owner.listening()
    await other.cluster.offerDecision('r1', allowK1)
    expect(await woken.promise).toBe('r1')
  })

  test('a wake listener that throws on the catch-up read (a decision already waiting) harms nothing either', async () => {
    const owner = await node('owner')
    const other = await node('other')
    await openCard(owner, 'r1', 'k1', 'd1')
    expect(await other.cluster.offerDecision('r1', allowK1)).toEqual({ ok: true })
    // The catch-up on listening wakes r1 by id from inside a promise: a throw there used to be
    // an unhandled rejection, which fails this file.
    owner.cluster.onDecision(() => {
      throw new Error('a broken listener')
    })
    const woken = signal<string>()
    owner.cluster.onDecision((runId) => woken.resolve(runId))
    expect(await woken.promise).toBe('r1')
  })

  test('a decision accepted before the owner first listens still wakes it once it does', async () => {
    const owner = await node('owner')
    const other = await node('other')
    await openCard(owner, 'r1', 'k1', 'd1')
    // Nothing has asked the owner's listener to connect yet: this NOTIFY reaches nobody.
    expect(await other.cluster.offerDecision('r1', allowK1)).toEqual({ ok: true })
    const woken = signal<string>()
    owner.cluster.onDecision((runId) => woken.resolve(runId))
    expect(await woken.promise).toBe('r1')
  })

  test('a decision accepted while the owner was cut off wakes it once it reconnects', async () => {
    const cut = await proxiedNode(perTest.database, { ownerId: 'owner' })
    closers.push(cut.close)
    const other = await node('other')
    await openCard(cut.store, 'r1', 'k1', 'd1')
    const woken = signal<string>()
    cut.store.cluster.onDecision((runId) => woken.resolve(runId))
    await cut.store.listening()
    cut.proxy.cut()
    expect(await other.cluster.offerDecision('r1', allowK1)).toEqual({ ok: true })
    cut.proxy.restore()
    expect(await woken.promise).toBe('r1')
    expect(await cut.store.cluster.decidedUnresolved('r1')).toMatchObject([
      { confirmationId: 'k1', decision: 'allow' },
    ])
  })

  test('a decision notice carries the decision as the store keeps it, so its owner reads nothing back', async () => {
    const owner = await node('owner')
    const other = await node('other')
    await openCard(owner, 'r1', 'k1', 'd1')
    await openCard(owner, 'r2', 'k2', 'd2')
    const heard: [string, unknown][] = []
    // The start of listening also wakes the owner's runs with a decision waiting, by id alone:
    // it may read r1's, and wake r1 once more.
    const notices = () =>
      heard.filter(([runId, decision]) => runId !== 'r1' || decision !== undefined)
    const both = signal()
    owner.cluster.onDecision((runId, decision) => {
      heard.push([runId, decision])
      if (notices().length === 2) both.resolve()
    })
    await owner.listening()
    const keep = { tool: 'create_task', effect: 'allow', scope: 'run', runId: 'r1' } as const
    await other.cluster.offerDecision('r1', {
      ...allowK1,
      keep,
      decider: { id: 'alice', name: 'Alice' },
    })
    // A rule too large for one notification: the notice names the run only, and it is read back.
    const huge = { ...keep, runId: 'r2', tool: 'x'.repeat(9_000) }
    await other.cluster.offerDecision('r2', {
      confirmationId: 'k2',
      decision: 'deny',
      decidedBy: 'user',
      keep: huge,
    })
    await both.promise
    const stored = await owner.cluster.decidedUnresolved('r1')
    expect(notices()).toEqual([
      ['r1', stored[0]],
      ['r2', undefined],
    ])
    expect(stored[0]).toMatchObject({
      confirmationId: 'k1',
      digest: 'd1',
      keep,
      decider: { id: 'alice', name: 'Alice' },
    })
  })

  test('a decision wakes the node that holds its run and no other; one of a run nobody holds wakes every node', async () => {
    const owner = await node('owner')
    const other = await node('other')
    const bystander = await node('bystander')
    await openCard(owner, 'r1', 'k1', 'd1')
    await openCard(owner, 'r2', 'k2', 'd2')
    await owner.unclaim('r2')
    const heardBy = (store: PostgresRunStore) => {
      const heard: string[] = []
      const marker = signal()
      store.cluster.onDecision((runId) => {
        heard.push(runId)
        if (runId === 'r2') marker.resolve()
      })
      return { heard, marker }
    }
    const atOwner = heardBy(owner)
    const atBystander = heardBy(bystander)
    await Promise.all([owner.listening(), bystander.listening()])
    const allow = (runId: string, confirmationId: string, digest: string) =>
      other.cluster.offerDecision(runId, {
        confirmationId,
        decision: 'allow',
        decidedBy: 'user',
        digest,
      })
    expect(await allow('r1', 'k1', 'd1')).toEqual({ ok: true })
    // Notices reach a connection in commit order: once r2's (sent to all) is in, r1's was handled.
    expect(await allow('r2', 'k2', 'd2')).toEqual({ ok: true })
    await Promise.all([atOwner.marker.promise, atBystander.marker.promise])
    // The start of listening also wakes the owner's runs with a decision waiting: it may read
    // r1's, and wake r1 once more.
    expect([...new Set(atOwner.heard)]).toEqual(['r1', 'r2'])
    expect(atBystander.heard).toEqual(['r2'])
  })
})
