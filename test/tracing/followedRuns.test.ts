import { afterEach, expect, it } from 'vitest'
import { traceModel } from '../../runtime/tracing/traceModel.ts'
import { traceRuns } from '../../runtime/tracing/traceRuns.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { freshDatabase } from '../helpers/postgres.ts'
import { startNode, type TestNode, taskModel } from '../machines/multiNode/nodeRuntime.ts'
import { memoryTracing, named, only } from './tracingHarness.ts'

const nodes: TestNode[] = []
afterEach(async () => {
  for (const node of nodes.splice(0)) await node.close()
})

it('a node that only follows a run (its owner is another node) makes none of its spans', async () => {
  const { url } = await freshDatabase()
  const tracing = memoryTracing()
  const errors: unknown[] = []
  const { tracer, ids } = tracing
  const [owner, follower] = await Promise.all(
    ['a', 'c'].map((name) =>
      startNode(url, {
        ownerId: `${name}-${Math.random()}`,
        model: traceModel(taskModel(), { tracer }),
        // A follower's last read of the store may land after its pool closed at teardown.
        onPersistError: (error) => errors.push(error),
      }),
    ),
  )
  nodes.push(owner as TestNode, follower as TestNode)
  const a = traceRuns((owner as TestNode).runtime, { tracer, ids })
  const c = traceRuns((follower as TestNode).runtime, { tracer, ids })

  const runId = a.startRun({ input: 'create essay outline' })
  await waitForRun(a, runId, 'awaitingConfirmation')
  await a.flush()
  // C hears every event of the run through the store from now on.
  await c.open(runId)
  const heardAtC: string[] = []
  c.subscribe(runId, (event) => {
    if (event !== undefined) heardAtC.push(event.kind)
  })
  const card = a.view(runId).pending
  if (card === undefined) throw new Error('no card')
  await a.submitConfirmation(runId, card.confirmationId, 'allow', { by: { id: 'ana' } })
  await waitForRun(a, runId, 'awaitingInput')
  await waitForRun(c, runId, 'awaitingInput')
  expect(heardAtC).toContain('confirmationResolved')

  const spans = tracing.spans()
  expect(only(spans, 'await_approval create_task').attributes['user.id']).toBe('ana')
  expect(named(spans, 'execute_tool create_task')).toHaveLength(1)
  expect(named(spans, 'invoke_agent studypulse')).toHaveLength(1)
  expect(errors).toEqual([])
})
