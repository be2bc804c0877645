import { afterEach, expect, test, vi } from 'vitest'
import { waitForRun } from '../../../runtime/waitForRun.ts'
import type { AgentEvent } from '../../../vocabulary/AgentEvent.ts'
import { freshDatabase } from '../../helpers/postgres.ts'
import { startNode, type TestNode } from './nodeRuntime.ts'

const nodes: TestNode[] = []
afterEach(async () => {
  for (const node of nodes.splice(0)) await node.close()
})

/** Records every query `node` sends through its pool whose parameters name `runId`. */
function queriesFor(node: TestNode, runId: string): string[] & { answered: Promise<unknown>[] } {
  const seen = Object.assign([] as string[], { answered: [] as Promise<unknown>[] })
  const pool = node.store.pool as unknown as { query: (...args: unknown[]) => unknown }
  const query = pool.query.bind(pool)
  pool.query = (...args: unknown[]) => {
    const [text, values] = args as [unknown, unknown]
    const answer = query(...args)
    if (Array.isArray(values) && values.includes(runId)) {
      seen.push(String(text))
      seen.answered.push(Promise.resolve(answer).catch(() => undefined))
    }
    return answer
  }
  return seen
}

/** Allows the open card of `runId` at its owner and waits until the run wants input again. */
async function allowAtOwner(owner: TestNode, runId: string): Promise<void> {
  await waitForRun(owner.runtime, runId, 'awaitingConfirmation')
  const card = owner.runtime.view(runId).pending
  await owner.runtime.submitConfirmation(runId, card?.confirmationId ?? '', 'allow')
  await waitForRun(owner.runtime, runId, 'awaitingInput')
  await owner.runtime.flush()
}

/** Two nodes on a fresh database: one owns the runs, the other shows them. */
async function ownerAndFollower(): Promise<{ owner: TestNode; follower: TestNode }> {
  const { url } = await freshDatabase()
  const [owner, follower] = await Promise.all(
    ['a', 'b'].map((name) => startNode(url, { ownerId: `${name}-${Math.random()}` })),
  )
  nodes.push(owner as TestNode, follower as TestNode)
  return { owner: owner as TestNode, follower: follower as TestNode }
}

test('a run followed at another node is followed only while someone there listens: no queries for it once the last listener left', async () => {
  const { owner, follower } = await ownerAndFollower()
  const quiet = owner.runtime.startRun({ input: 'create first' })
  const marker = owner.runtime.startRun({ input: 'create marker' })
  for (const runId of [quiet, marker]) {
    await waitForRun(owner.runtime, runId, 'awaitingConfirmation')
    await owner.runtime.flush()
    await follower.runtime.open(runId)
  }

  // While two listeners at b listen, b follows the run: its events arrive there.
  const heard: AgentEvent[] = []
  const first = follower.runtime.subscribe(quiet, (event) => event && heard.push(event))
  const second = follower.runtime.subscribe(quiet, () => undefined)
  await allowAtOwner(owner, quiet)
  await vi.waitFor(() => expect(heard.map((e) => e.kind)).toContain('toolCompleted'), {
    timeout: 20_000,
  })
  expect(follower.runtime.view(quiet).value).toBe('awaitingInput')

  // One listener leaves: still followed. The last leaves: b stops reading the run.
  first()
  second()
  const queries = queriesFor(follower, quiet)
  const markerHeard: AgentEvent[] = []
  follower.runtime.subscribe(marker, (event) => event && markerHeard.push(event))
  await owner.runtime.sendInput(quiet, 'create second')
  await allowAtOwner(owner, quiet)
  // The marker run moves after every save of the quiet one: b hears its notifications in commit
  // order, so once the marker's last event is at b, each of the quiet run's was handled there.
  await allowAtOwner(owner, marker)
  await vi.waitFor(() => expect(markerHeard.map((e) => e.kind)).toContain('toolCompleted'), {
    timeout: 20_000,
  })
  await vi.waitFor(() => expect(follower.runtime.view(marker).value).toBe('awaitingInput'), {
    timeout: 20_000,
  })
  expect([...queries]).toEqual([])
  expect(heard.filter((e) => e.text === 'create second')).toEqual([])
  // What b shows of the quiet run is what it last saw; the owner moved on.
  expect(owner.runtime.view(quiet).messages.length).toBeGreaterThan(
    follower.runtime.view(quiet).messages.length,
  )
})

test('a listened run stays current at the follower from the notices alone: status, card and conversation with no read-back per save', async () => {
  const { owner, follower } = await ownerAndFollower()
  const runId = owner.runtime.startRun({ input: 'create first' })
  await allowAtOwner(owner, runId)
  await follower.runtime.open(runId)
  const queries = queriesFor(follower, runId)
  const heard: AgentEvent[] = []
  follower.runtime.subscribe(runId, (event) => event && heard.push(event))
  // The follow's one read as it begins (catching up with what was logged before it) is answered.
  await vi.waitFor(() => expect(queries).toHaveLength(1), { timeout: 20_000 })
  await Promise.all(queries.answered)

  await owner.runtime.sendInput(runId, 'create second')
  await waitForRun(owner.runtime, runId, 'awaitingConfirmation')
  await owner.runtime.flush()
  await vi.waitFor(() => expect(follower.runtime.view(runId).pending).toBeDefined(), {
    timeout: 20_000,
  })
  expect(follower.runtime.view(runId).pending).toEqual(owner.runtime.view(runId).pending)
  await allowAtOwner(owner, runId)
  await vi.waitFor(() => expect(follower.runtime.view(runId).value).toBe('awaitingInput'), {
    timeout: 20_000,
  })
  expect(follower.runtime.view(runId).messages).toEqual(owner.runtime.view(runId).messages)
  expect(follower.runtime.view(runId).pending).toBeUndefined()
  const since = heard[0]?.seq ?? Number.POSITIVE_INFINITY
  expect(heard).toEqual(owner.runtime.view(runId).events.filter((e) => e.seq >= since))
  // One read of the run's events or messages when the listening began (the follow catching up),
  // none for the saves after it. Other statements that name the run (a card's deadline, a relayed
  // decision) are not read-backs; a slow machine makes them more likely to fall inside the test.
  const readBacks = queries.filter((text) => /run_events|run_messages/.test(text))
  expect(readBacks, queries.join('\n')).toHaveLength(1)
})
