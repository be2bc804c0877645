import { describe, expect, test } from 'vitest'
import type { AgentEvent } from '../../../vocabulary/AgentEvent.ts'
import { signal } from '../../helpers/signal.ts'
import { eventsOf, snapshotOf } from '../runStoreContract.ts'
import { nodesPerTest, proxiedNode } from './nodes.ts'

const perTest = nodesPerTest()
const { closers, node } = perTest

/** Collects what a follow delivers and lets the test wait until it holds `count` events. */
function collector() {
  const seen: AgentEvent[] = []
  const batches: number[][] = []
  let waiting: { count: number; done: () => void } | undefined
  return {
    seen,
    batches,
    onEvents(events: AgentEvent[]) {
      seen.push(...events)
      batches.push(events.map((e) => e.seq))
      if (waiting && seen.length >= waiting.count) waiting.done()
    },
    until(count: number): Promise<void> {
      if (seen.length >= count) return Promise.resolve()
      const reached = signal()
      waiting = { count, done: () => reached.resolve() }
      return reached.promise
    },
  }
}

describe('following a run from another node', () => {
  test('events committed by the owner reach a follower on another node, in order, once', async () => {
    const owner = await node('owner')
    const watcher = await node('watcher')
    expect(watcher.cluster).toBeDefined()
    await owner.claim('r1')
    await owner.commit('r1', { snapshot: snapshotOf('r1', 2), events: eventsOf('r1', 1, 2) })
    const got = collector()
    const follow = watcher.cluster.followEvents('r1', {
      afterSeq: 1,
      onEvents: (e) => got.onEvents(e),
    })
    closers.push(async () => follow.close())
    await follow.caughtUp
    expect(got.seen).toEqual(eventsOf('r1', 2, 2))
    await owner.commit('r1', { events: eventsOf('r1', 3, 4) })
    await owner.commit('r2', { events: eventsOf('r2', 1, 3) })
    await owner.commit('r1', { snapshot: snapshotOf('r1', 6), events: eventsOf('r1', 5, 6) })
    await got.until(5)
    expect(got.seen).toEqual(eventsOf('r1', 2, 6))
  })

  test('after a lost connection the follower reads what it missed, with no gap and no repeat', async () => {
    const owner = await node('owner')
    const cut = await proxiedNode(perTest.database, { ownerId: 'watcher' })
    closers.push(cut.close)
    const got = collector()
    const errors: Error[] = []
    const follow = cut.store.cluster.followEvents('r1', {
      onEvents: (e) => got.onEvents(e),
      onError: (error) => errors.push(error),
    })
    closers.push(async () => follow.close())
    await follow.caughtUp
    await owner.commit('r1', { events: eventsOf('r1', 1, 2) })
    await got.until(2)

    cut.proxy.cut()
    // Committed while the follower hears nothing: only a re-read after reconnecting finds these.
    await owner.commit('r1', { events: eventsOf('r1', 3, 4) })
    await owner.commit('r1', { events: eventsOf('r1', 5, 5) })
    cut.proxy.restore()
    await got.until(5)
    await owner.commit('r1', { events: eventsOf('r1', 6, 6) })
    await got.until(6)

    expect(got.seen).toEqual(eventsOf('r1', 1, 6))
    expect(errors.length).toBeGreaterThan(0)
  })

  test('a closed follow delivers nothing more', async () => {
    const owner = await node('owner')
    const watcher = await node('watcher')
    const got = collector()
    const follow = watcher.cluster.followEvents('r1', { onEvents: (e) => got.onEvents(e) })
    await follow.caughtUp
    await owner.commit('r1', { events: eventsOf('r1', 1, 1) })
    await got.until(1)
    follow.close()
    await owner.commit('r1', { events: eventsOf('r1', 2, 2) })
    // A second follow sees the event, so the first had its chance to hear it too.
    const later = collector()
    const second = watcher.cluster.followEvents('r1', {
      afterSeq: 1,
      onEvents: (e) => later.onEvents(e),
    })
    closers.push(async () => second.close())
    await later.until(1)
    await owner.commit('r1', { events: eventsOf('r1', 3, 3) })
    await later.until(2)
    expect(got.seen).toEqual(eventsOf('r1', 1, 1))
  })
})
