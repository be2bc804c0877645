import { afterEach, expect, test } from 'vitest'
import { waitForRun } from '../../../runtime/waitForRun.ts'
import { freshDatabase } from '../../helpers/postgres.ts'
import { startNode, type TestNode } from './nodeRuntime.ts'

// Two PostgreSQL nodes: A owns a run and is paused past its lease (it has not noticed); B takes
// the run over and a person there allows the card, which runs once. A person at A then allows
// the same card: A must not say it was taken. It learns from the store that B's decision took it.
const nodes: TestNode[] = []
afterEach(async () => {
  for (const node of nodes.splice(0)) await node.close()
})

const rita = { id: 'rita', name: 'Rita' }
const sam = { id: 'sam', name: 'Sam' }

test('a paused owner whose lease ran out is told its Allow lost to the new owner’s decision', async () => {
  const { url } = await freshDatabase()
  const [a, b] = await Promise.all(
    ['a', 'b'].map((name) => startNode(url, { ownerId: `${name}-${Math.random()}` })),
  )
  nodes.push(a as TestNode, b as TestNode)
  if (a === undefined || b === undefined) throw new Error('no nodes')
  const runId = a.runtime.startRun({ input: 'create essay outline' })
  await waitForRun(a.runtime, runId, 'awaitingConfirmation')
  await a.runtime.flush()
  const card = a.runtime.view(runId).pending
  if (card === undefined) throw new Error('no card')

  // A's lease runs out while it is paused: B takes the run over, and Sam allows it there.
  await b.store.pool.query(
    'UPDATE studypulse.runs SET lease_expires_at = now() WHERE run_id = $1',
    [runId],
  )
  expect(await b.runtime.restore()).toEqual([runId])
  const atB = await b.runtime.decide({
    face: 'test',
    by: sam,
    answers: [{ runId, confirmationId: card.confirmationId, decision: 'allow' }],
  })
  expect(atB.cards).toMatchObject([{ status: 'taken', by: sam, outcome: { ok: true } }])

  // A wakes up still holding its old view of the run; Rita allows the same card there.
  const atA = await a.runtime.decide({
    face: 'test',
    by: rita,
    answers: [{ runId, confirmationId: card.confirmationId, decision: 'allow' }],
  })
  expect(atA.cards).toMatchObject([
    { status: 'lost', to: { decision: 'allow', decidedBy: 'user', decider: { id: 'sam' } } },
  ])
  await expect(
    a.runtime.submitConfirmation(runId, card.confirmationId, 'allow', { by: rita }),
  ).rejects.toMatchObject({ code: 'confirmation_not_found' })
  await b.runtime.flush()
  expect((await b.workspace.readTasks()).map((t) => t.title)).toEqual(['essay outline'])
}, 60_000)
