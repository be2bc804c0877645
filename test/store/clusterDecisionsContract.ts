import { afterEach, describe, expect, test } from 'vitest'
import type { RunCluster } from '../../store/RunCluster.ts'
import type { RunStore } from '../../store/RunStore.ts'
import type { AgentEvent } from '../../vocabulary/AgentEvent.ts'
import { signal } from '../helpers/signal.ts'
import { eventsOf, snapshotOf } from './runStoreContract.ts'

type InboxStore = RunStore & { readonly cluster: RunCluster }

/** Stores with a decision inbox over shared data; `open` again is another node (or the same one, for a single-process inbox). */
export interface ClusterDecisionsFixture {
  open(ownerId: string): Promise<InboxStore>
  /** Resolves once `store` hears decisions accepted elsewhere. */
  listening?(store: InboxStore): Promise<void>
  dispose(): Promise<void>
}

const at = '2026-11-30T09:00:00.000Z'

/** A `confirmationRequired` event as the runtime logs it. */
export const required = (
  runId: string,
  seq: number,
  confirmationId: string,
  digest: string,
): AgentEvent => ({
  runId,
  seq,
  at,
  kind: 'confirmationRequired',
  toolCallId: `call-${confirmationId}`,
  toolName: 'add_task',
  permission: 'write',
  confirmationId,
  digest,
})

const resolved = (
  runId: string,
  seq: number,
  confirmationId: string,
  decision: 'allow' | 'deny',
  decidedBy: 'user' | 'policy' | 'timeout',
): AgentEvent => ({
  runId,
  seq,
  at,
  kind: 'confirmationResolved',
  confirmationId,
  decision,
  decidedBy,
})

/** Node `owner` logs a card for `runId` as the runtime would. */
export async function openCard(
  owner: RunStore,
  runId: string,
  confirmationId: string,
  digest: string,
): Promise<void> {
  await owner.claim(runId)
  await owner.commit(runId, {
    snapshot: snapshotOf(runId, 2, 'awaitingConfirmation'),
    events: [...eventsOf(runId, 1, 1), required(runId, 2, confirmationId, digest)],
  })
}

/** What a `RunCluster`'s decisions owe the runtime: a card is decided once, by one offer. */
export function clusterDecisionsContract(
  name: string,
  makeFixture: () => Promise<ClusterDecisionsFixture>,
): void {
  describe(`${name} keeps the RunCluster decisions contract`, () => {
    const cleanups: (() => Promise<void>)[] = []
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
    })
    let fixture: ClusterDecisionsFixture
    const node = async (ownerId: string): Promise<InboxStore> => {
      if (cleanups.length === 0) {
        fixture = await makeFixture()
        cleanups.push(() => fixture.dispose())
      }
      const store = await fixture.open(ownerId)
      cleanups.push(() => store.close())
      return store
    }

    test('of many nodes offering decisions on one card at once, exactly one wins', async () => {
      const owner = await node('owner')
      const others = [await node('n1'), await node('n2'), await node('n3')]
      await openCard(owner, 'r1', 'k1', 'd1')
      const offers = others.flatMap((store, i) =>
        [0, 1, 2, 3].map((j) =>
          store.cluster.offerDecision('r1', {
            confirmationId: 'k1',
            decision: (i + j) % 2 === 0 ? 'allow' : 'deny',
            decidedBy: 'user',
            digest: 'd1',
            rule: `node ${i} offer ${j}`,
          }),
        ),
      )
      const results = await Promise.all(offers)
      const winners = results.flatMap((r, index) => (r.ok ? [index] : []))
      expect(winners).toHaveLength(1)
      expect(results.filter((r) => !r.ok)).toHaveLength(11)
      for (const result of results) {
        if (!result.ok) expect(result.code).toBe('confirmation_not_found')
      }
      const winner = winners[0] ?? -1
      const decided = await owner.cluster.decidedUnresolved('r1')
      expect(decided).toEqual([
        {
          runId: 'r1',
          confirmationId: 'k1',
          digest: 'd1',
          decision: (Math.floor(winner / 4) + (winner % 4)) % 2 === 0 ? 'allow' : 'deny',
          decidedBy: 'user',
          rule: `node ${Math.floor(winner / 4)} offer ${winner % 4}`,
          decidedAt: expect.any(String),
        },
      ])
    })

    test('the rule kept with a decision comes back with it, for the run owner to check', async () => {
      const owner = await node('owner')
      const other = await node('other')
      await openCard(owner, 'r1', 'k1', 'd1')
      const keep = { tool: 'create_task', effect: 'allow', scope: 'run', runId: 'r1' } as const
      const offer = {
        confirmationId: 'k1',
        decision: 'allow',
        decidedBy: 'user',
        digest: 'd1',
        keep,
      } as const
      expect(await other.cluster.offerDecision('r1', offer)).toEqual({ ok: true })
      expect(await owner.cluster.decidedUnresolved('r1')).toMatchObject([
        { confirmationId: 'k1', keep },
      ])
    })

    test('unknown, foreign, mismatched and closed cards are not found', async () => {
      const owner = await node('owner')
      const other = await node('other')
      await openCard(owner, 'r1', 'k1', 'd1')
      await openCard(owner, 'r2', 'k2', 'd2')
      const offer = { decision: 'allow', decidedBy: 'user', digest: 'd1' } as const
      expect(
        await other.cluster.offerDecision('r1', { ...offer, confirmationId: 'nope' }),
      ).toMatchObject({
        ok: false,
        code: 'confirmation_not_found',
      })
      expect(
        await other.cluster.offerDecision('r1', { ...offer, confirmationId: 'k2', digest: 'd2' }),
      ).toMatchObject({
        ok: false,
      })
      expect(
        await other.cluster.offerDecision('r1', {
          ...offer,
          confirmationId: 'k1',
          digest: 'other call',
        }),
      ).toMatchObject({ ok: false })
      expect(await other.cluster.decidedUnresolved('r1')).toEqual([])

      // The owner times the card out itself: the logged resolution closes it with its decision.
      await owner.commit('r1', {
        snapshot: snapshotOf('r1', 3),
        events: [resolved('r1', 3, 'k1', 'deny', 'timeout')],
      })
      expect(
        await other.cluster.offerDecision('r1', { ...offer, confirmationId: 'k1' }),
      ).toMatchObject({
        ok: false,
      })
      expect(await owner.cluster.decidedUnresolved('r1')).toEqual([])
    })

    test('a card replaced by an edit, or dropped by a cancel, takes no decision', async () => {
      const owner = await node('owner')
      const other = await node('other')
      await openCard(owner, 'r1', 'k1', 'd1')
      // The user edited the arguments: a new card, and the old id dies without a resolution.
      await owner.commit('r1', { events: [required('r1', 3, 'k2', 'd2')] })
      const offer = { decision: 'allow', decidedBy: 'user' } as const
      expect(
        await other.cluster.offerDecision('r1', { ...offer, confirmationId: 'k1', digest: 'd1' }),
      ).toMatchObject({
        ok: false,
        code: 'confirmation_not_found',
      })
      await owner.commit('r1', {
        events: [{ runId: 'r1', seq: 4, at, kind: 'runCancelled' }],
        snapshot: snapshotOf('r1', 4, 'cancelled'),
        ended: true,
      })
      expect(
        await other.cluster.offerDecision('r1', { ...offer, confirmationId: 'k2', digest: 'd2' }),
      ).toMatchObject({
        ok: false,
      })
      expect(await owner.cluster.decidedUnresolved('r1')).toEqual([])
    })

    test('an accepted decision waits for the owner until its resolution is logged', async () => {
      const owner = await node('owner')
      const other = await node('other')
      await openCard(owner, 'r1', 'k1', 'd1')
      expect(
        await other.cluster.offerDecision('r1', {
          confirmationId: 'k1',
          digest: 'd1',
          decision: 'allow',
          decidedBy: 'user',
        }),
      ).toEqual({ ok: true })
      // Read twice: taking a look does not consume it, so a crash before the log loses nothing.
      expect(await owner.cluster.decidedUnresolved('r1')).toHaveLength(1)
      expect(await owner.cluster.decidedUnresolved('r1')).toHaveLength(1)
      await owner.commit('r1', {
        snapshot: snapshotOf('r1', 3),
        events: [resolved('r1', 3, 'k1', 'allow', 'user')],
      })
      expect(await owner.cluster.decidedUnresolved('r1')).toEqual([])
    })

    test('the owner is woken when another node accepts a decision', async () => {
      const owner = await node('owner')
      const other = await node('other')
      await openCard(owner, 'r1', 'k1', 'd1')
      const woken = signal<string>()
      owner.cluster.onDecision((runId) => woken.resolve(runId))
      await fixture.listening?.(owner)
      await other.cluster.offerDecision('r1', {
        confirmationId: 'k1',
        decision: 'deny',
        decidedBy: 'user',
        digest: 'd1',
      })
      expect(await woken.promise).toBe('r1')
    })
  })
}
