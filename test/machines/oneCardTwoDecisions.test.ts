import { afterEach, beforeEach, expect, it } from 'vitest'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import type { Workspace } from '../../workspace/Workspace.ts'
import { eventsOf, makeRuntime, pendingId } from '../helpers/runHarness.ts'
import { tempWorkspace } from '../helpers/tempWorkspace.ts'

let ws: Workspace
let dispose: () => Promise<void>
beforeEach(async () => ({ ws, dispose } = await tempWorkspace()))
afterEach(() => dispose())

const create = { id: 'c1', name: 'create_task', arguments: '{"title":"Revise"}' }

// On one node the run's guard is the compare-and-set: both decisions pass the early check, the
// first to reach the run takes the card, the other is refused there, and keeps nothing.
it('two decisions sent at once on one node: one takes the card, the other is refused and keeps no rule', async () => {
  const runtime = makeRuntime(new ScriptedModel([{ toolCalls: [create] }, { text: 'Done' }]), ws)
  const runId = runtime.startRun({ input: 'add a task' })
  await waitForRun(runtime, runId, 'awaitingConfirmation')
  const id = pendingId(runtime, runId)

  const answers = await Promise.allSettled([
    runtime.submitConfirmation(runId, id, 'allow'),
    runtime.submitConfirmation(runId, id, 'deny', { remember: 'always' }),
  ])

  expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'rejected'])
  expect((answers[1] as PromiseRejectedResult).reason).toMatchObject({
    code: 'confirmation_not_found',
  })
  await waitForRun(runtime, runId, 'awaitingInput')
  expect((await ws.readTasks()).map((t) => t.title)).toEqual(['Revise'])
  expect(eventsOf(runtime, runId, 'confirmationResolved').map((e) => e.decision)).toEqual(['allow'])
  // The refused "deny always" left no rule behind.
  expect(runtime.policies.list()).toEqual([])
})

it('an edit and a decision sent at once: exactly one of them changes the card', async () => {
  const runtime = makeRuntime(new ScriptedModel([{ toolCalls: [create] }, { text: 'Done' }]), ws)
  const runId = runtime.startRun({ input: 'add a task' })
  await waitForRun(runtime, runId, 'awaitingConfirmation')
  const id = pendingId(runtime, runId)

  const [edit, decision] = await Promise.allSettled([
    runtime.command(runId, { kind: 'edit', confirmationId: id, args: { title: 'Edited' } }),
    runtime.submitConfirmation(runId, id, 'allow'),
  ])

  expect([edit.status, decision.status].sort()).toEqual(['fulfilled', 'rejected'])
  const loser = (edit.status === 'rejected' ? edit : decision) as PromiseRejectedResult
  expect(loser.reason).toMatchObject({ code: 'confirmation_not_found' })
  if (decision.status === 'fulfilled') {
    await waitForRun(runtime, runId, 'awaitingInput')
    expect((await ws.readTasks()).map((t) => t.title)).toEqual(['Revise'])
  } else {
    // The edit took: a new card for the edited call, the old id dead.
    expect(runtime.view(runId).value).toBe('awaitingConfirmation')
    expect(pendingId(runtime, runId)).not.toBe(id)
    expect(await ws.readTasks()).toEqual([])
    await runtime.cancel(runId)
  }
})
