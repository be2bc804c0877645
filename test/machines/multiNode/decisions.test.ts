import { afterEach, expect, test, vi } from 'vitest'
import { AgentError } from '../../../runtime/AgentError.ts'
import { internalsOf } from '../../../runtime/runtimeInternals.ts'
import { waitForRun } from '../../../runtime/waitForRun.ts'
import type { AgentEvent } from '../../../vocabulary/AgentEvent.ts'
import { freshDatabase } from '../../helpers/postgres.ts'
import { startNode, type TestNode } from './nodeRuntime.ts'

const nodes: TestNode[] = []
afterEach(async () => {
  for (const node of nodes.splice(0)) await node.close()
})

async function threeNodes(): Promise<[TestNode, TestNode, TestNode]> {
  const { url } = await freshDatabase()
  const started = await Promise.all(
    ['a', 'b', 'c'].map((name) => startNode(url, { ownerId: `${name}-${Math.random()}` })),
  )
  nodes.push(...started)
  return started as [TestNode, TestNode, TestNode]
}

test('a card decided at two other nodes at once is decided once and executed once, on its owner', async () => {
  const [a, b, c] = await threeNodes()
  const runId = a.runtime.startRun({ input: 'create essay outline' })
  await waitForRun(a.runtime, runId, 'awaitingConfirmation')
  // Other nodes see what is saved; the card is shown once it is.
  await a.runtime.flush()
  const pending = a.runtime.view(runId).pending
  if (pending === undefined) throw new Error('no card')

  // Node C only knows the run through the store; it follows the owner's events from there.
  await c.runtime.open(runId)
  expect(c.runtime.view(runId).value).toBe('awaitingConfirmation')
  const seenAtC: AgentEvent[] = []
  c.runtime.subscribe(runId, (event) => {
    if (event !== undefined) seenAtC.push(event)
  })
  // C holds no session of it: it only follows.
  expect(internalsOf(c.runtime).session(runId)).toBeUndefined()

  const outcomes = await Promise.allSettled([
    b.runtime.submitConfirmation(runId, pending.confirmationId, 'allow', {
      digest: pending.digest,
    }),
    c.runtime.submitConfirmation(runId, pending.confirmationId, 'allow', {
      digest: pending.digest,
    }),
  ])
  expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1)
  const lost = outcomes.find((o) => o.status === 'rejected')
  expect((lost as PromiseRejectedResult).reason).toMatchObject({ code: 'confirmation_not_found' })

  await waitForRun(a.runtime, runId, 'awaitingInput')
  await a.runtime.flush()
  expect((await a.workspace.readTasks()).map((t) => t.title)).toEqual(['essay outline'])
  const journal = await a.store.readJournal(runId)
  expect(journal.filter((r) => r.type === 'intent')).toHaveLength(1)

  // C saw the owner's events after the decision, in order, without a gap.
  await vi.waitFor(() => expect(c.runtime.view(runId).value).toBe('awaitingInput'), {
    timeout: 20_000,
  })
  const seqs = seenAtC.map((e) => e.seq)
  expect(seqs).toEqual([...seqs].sort((x, y) => x - y))
  expect(seqs.at(-1)).toBe(a.runtime.view(runId).events.at(-1)?.seq)
  expect(seenAtC.map((e) => e.kind)).toContain('toolCompleted')
  expect(c.runtime.view(runId).events.map((e) => e.seq)).toEqual(
    a.runtime.view(runId).events.map((e) => e.seq),
  )
})

test('a denial decided on another node executes nothing', async () => {
  const [a, b] = await threeNodes()
  const runId = a.runtime.startRun({ input: 'create never' })
  await waitForRun(a.runtime, runId, 'awaitingConfirmation')
  await a.runtime.flush()
  const pending = a.runtime.view(runId).pending
  await b.runtime.submitConfirmation(runId, pending?.confirmationId ?? '', 'deny')
  await waitForRun(a.runtime, runId, 'awaitingInput')
  await a.runtime.flush()
  expect(await a.workspace.readTasks()).toEqual([])
  expect(await a.store.readJournal(runId)).toEqual([])
  // Deciding again, anywhere, finds no card.
  await expect(
    a.runtime.submitConfirmation(runId, pending?.confirmationId ?? '', 'allow'),
  ).rejects.toMatchObject({ code: 'confirmation_not_found' })
})

test('a run whose owner is gone is taken over by another node, which applies the decision', async () => {
  const [a, b] = await threeNodes()
  const runId = a.runtime.startRun({ input: 'create after takeover' })
  await waitForRun(a.runtime, runId, 'awaitingConfirmation')
  await a.runtime.flush()
  const pending = a.runtime.view(runId).pending
  // A hangs (its actor stopped, its lease still held): B can decide, but not advance the run.
  internalsOf(a.runtime).session(runId)?.stop()
  await b.runtime.open(runId)
  expect(b.runtime.view(runId).value).toBe('awaitingConfirmation')
  await b.runtime.submitConfirmation(runId, pending?.confirmationId ?? '', 'allow')
  expect(await b.runtime.restore()).toEqual([])
  expect(await b.workspace.readTasks()).toEqual([])
  // A's lease is given up; B takes the run over and applies the stored decision.
  await a.store.close()
  expect(await b.runtime.restore()).toEqual([runId])
  await waitForRun(b.runtime, runId, 'awaitingInput')
  await b.runtime.flush()
  expect((await b.workspace.readTasks()).map((t) => t.title)).toEqual(['after takeover'])
})

test('a node following a run shows its conversation as the owner saved it, and keeps it current', async () => {
  const [a, b] = await threeNodes()
  const runId = a.runtime.startRun({ input: 'create essay outline' })
  await waitForRun(a.runtime, runId, 'awaitingConfirmation')
  await a.runtime.flush()
  await b.runtime.open(runId)
  // The conversation lives in the run's message log, not in its snapshot.
  expect(b.runtime.view(runId).messages).toEqual(a.runtime.view(runId).messages)
  expect(b.runtime.view(runId).messages.length).toBeGreaterThan(0)
  // A page at b shows the run: b follows it while it listens.
  b.runtime.subscribe(runId, () => undefined)

  const pending = a.runtime.view(runId).pending
  await b.runtime.submitConfirmation(runId, pending?.confirmationId ?? '', 'allow')
  await waitForRun(a.runtime, runId, 'awaitingInput')
  await a.runtime.flush()
  await vi.waitFor(
    () => expect(b.runtime.view(runId).messages).toEqual(a.runtime.view(runId).messages),
    { timeout: 20_000 },
  )
  expect(b.runtime.view(runId).messages.at(-1)).toMatchObject({
    role: 'assistant',
    content: 'done',
  })
})

test('a rescan looks only at runs it could claim: a dead node’s run is taken over, a live node’s is left alone', async () => {
  const { url } = await freshDatabase()
  const ticks: (() => void)[] = []
  const [live, dead, watcher] = await Promise.all([
    startNode(url, { ownerId: `live-${Math.random()}` }),
    // The dead node's lease runs out by itself: the rescan below waits for that.
    startNode(url, { ownerId: `dead-${Math.random()}`, leaseMs: 1_000 }),
    startNode(url, {
      ownerId: `watcher-${Math.random()}`,
      rescanEveryMs: 60_000,
      timers: { setInterval: (tick) => ticks.push(tick), clearInterval: () => undefined },
    }),
  ])
  nodes.push(live, dead, watcher)
  const alive = live.runtime.startRun({ input: 'create alive' })
  const orphan = dead.runtime.startRun({ input: 'create orphan' })
  await waitForRun(live.runtime, alive, 'awaitingConfirmation')
  await waitForRun(dead.runtime, orphan, 'awaitingConfirmation')
  await Promise.all([live.runtime.flush(), dead.runtime.flush()])
  dead.loseDatabase()

  const listed: string[][] = []
  const list = watcher.store.cluster.listClaimableRuns.bind(watcher.store.cluster)
  ;(watcher.store.cluster as { listClaimableRuns: () => Promise<string[]> }).listClaimableRuns =
    async () => {
      const runIds = await list()
      listed.push(runIds)
      return runIds
    }
  // Once the dead node's lease has run out, a rescan takes its run over.
  await vi.waitFor(
    async () => {
      for (const tick of ticks) tick()
      expect(watcher.runtime.runIds()).toContain(orphan)
    },
    { timeout: 10_000, interval: 200 },
  )
  await waitForRun(watcher.runtime, orphan, 'awaitingConfirmation')
  // It never listed the live node's run: no claim tried, nothing followed.
  expect(listed.length).toBeGreaterThan(0)
  expect(listed.flat()).not.toContain(alive)
  expect(() => watcher.runtime.view(alive).value).toThrow(AgentError)
})
