import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import { AgentError } from '../../runtime/AgentError.ts'
import type { AgentRuntime } from '../../runtime/AgentRuntime.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import type { Workspace } from '../../workspace/Workspace.ts'
import { makeRuntime, pendingId } from '../helpers/runHarness.ts'
import { tempWorkspace } from '../helpers/tempWorkspace.ts'

let ws: Workspace
let dispose: () => Promise<void>
beforeEach(async () => ({ ws, dispose } = await tempWorkspace()))
afterEach(() => dispose())

const call = (id: string) => ({ id, name: 'create_task', arguments: `{"title":"Task ${id}"}` })

async function expectNotFound(
  action: () => Promise<unknown>,
  code = 'confirmation_not_found',
): Promise<void> {
  let thrown: unknown
  try {
    await action()
  } catch (error) {
    thrown = error
  }
  expect(thrown).toBeInstanceOf(AgentError)
  expect((thrown as AgentError).code).toBe(code)
}

async function waitingRun(runtime: AgentRuntime): Promise<{ runId: string; id: string }> {
  const runId = runtime.startRun({ input: 'go' })
  await waitForRun(runtime, runId, 'awaitingConfirmation')
  return { runId, id: pendingId(runtime, runId) }
}

describe('confirmation_not_found', () => {
  it('for a wrong id: the run keeps waiting and nothing is written', async () => {
    const runtime = makeRuntime(new ScriptedModel([{ toolCalls: [call('a')] }, { text: 'ok' }]), ws)
    const { runId, id } = await waitingRun(runtime)
    await expectNotFound(() => runtime.submitConfirmation(runId, 'not-the-id', 'allow'))
    await expectNotFound(() => runtime.submitConfirmation(runId, `${id} `, 'allow'))
    expect(runtime.view(runId).value).toBe('awaitingConfirmation')
    expect(await ws.readTasks()).toEqual([])
    await runtime.submitConfirmation(runId, id, 'allow')
    await waitForRun(runtime, runId, 'awaitingInput')
    expect(await ws.readTasks()).toHaveLength(1)
  })

  it("for another run's id, and for an unknown run", async () => {
    const runtime = makeRuntime(
      new ScriptedModel([{ toolCalls: [call('a')] }, { toolCalls: [call('b')] }, { text: 'ok' }]),
      ws,
    )
    const first = await waitingRun(runtime)
    const second = await waitingRun(runtime)
    await expectNotFound(() => runtime.submitConfirmation(first.runId, second.id, 'allow'))
    await expectNotFound(() => runtime.submitConfirmation(second.runId, first.id, 'deny'))
    // A run nobody has is not found as a run.
    await expectNotFound(
      () => runtime.submitConfirmation('no-such-run', first.id, 'allow'),
      'run_not_found',
    )
    expect(runtime.view(first.runId).value).toBe('awaitingConfirmation')
    expect(runtime.view(second.runId).value).toBe('awaitingConfirmation')
    expect(await ws.readTasks()).toEqual([])
  })

  it('for a double submit: the second allow executes nothing', async () => {
    const model = new ScriptedModel([{ toolCalls: [call('a')] }, { text: 'ok' }])
    const runtime = makeRuntime(model, ws)
    const { runId, id } = await waitingRun(runtime)
    await runtime.submitConfirmation(runId, id, 'allow')
    await expectNotFound(() => runtime.submitConfirmation(runId, id, 'allow'))
    await waitForRun(runtime, runId, 'awaitingInput')
    await expectNotFound(() => runtime.submitConfirmation(runId, id, 'allow'))
    expect(await ws.readTasks()).toHaveLength(1)
  })

  it('for a submit after deny, and after cancel', async () => {
    const runtime = makeRuntime(
      new ScriptedModel([{ toolCalls: [call('a')] }, { text: 'ok' }, { toolCalls: [call('b')] }]),
      ws,
    )
    const denied = await waitingRun(runtime)
    await runtime.submitConfirmation(denied.runId, denied.id, 'deny')
    await expectNotFound(() => runtime.submitConfirmation(denied.runId, denied.id, 'allow'))
    await waitForRun(runtime, denied.runId, 'awaitingInput')
    const cancelled = await waitingRun(runtime)
    await runtime.cancel(cancelled.runId)
    expect(runtime.view(cancelled.runId).value).toBe('cancelled')
    await expectNotFound(() => runtime.submitConfirmation(cancelled.runId, cancelled.id, 'allow'))
    expect(await ws.readTasks()).toEqual([])
  })

  it('for a submit when nothing is pending', async () => {
    const runtime = makeRuntime(new ScriptedModel([{ text: 'Hello!' }]), ws)
    const runId = runtime.startRun({ input: 'hi' })
    await expectNotFound(() => runtime.submitConfirmation(runId, 'anything', 'allow'))
    await waitForRun(runtime, runId, 'awaitingInput')
    await expectNotFound(() => runtime.submitConfirmation(runId, 'anything', 'allow'))
  })

  it('refuses a decision that is neither allow nor deny, and keeps waiting', async () => {
    const runtime = makeRuntime(new ScriptedModel([{ toolCalls: [call('a')] }]), ws)
    const { runId, id } = await waitingRun(runtime)
    await expect(runtime.submitConfirmation(runId, id, 'yes' as 'allow')).rejects.toMatchObject({
      code: 'invalid_decision',
    })
    expect(runtime.view(runId).value).toBe('awaitingConfirmation')
  })
})
