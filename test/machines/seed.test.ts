import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { createToolRegistry } from '../../tools/createToolRegistry.ts'
import type { Workspace } from '../../workspace/Workspace.ts'
import { eventsOf, makeRuntime, pendingId } from '../helpers/runHarness.ts'
import { tempWorkspace } from '../helpers/tempWorkspace.ts'

let ws: Workspace
let dispose: () => Promise<void>
beforeEach(async () => ({ ws, dispose } = await tempWorkspace()))
afterEach(() => dispose())

const createCall = { id: 'call-1', name: 'create_task', arguments: '{"title":"Read chapter 3"}' }

describe("the seed's three tests", () => {
  it('create_task is declared write, and prepare writes nothing', async () => {
    const prepared = createToolRegistry().prepare('call-1', 'create_task', createCall.arguments)
    expect(prepared.permission).toBe('write')
    expect(await ws.readTasks()).toEqual([])
  })

  it('allow → exactly one task', async () => {
    const model = new ScriptedModel([{ toolCalls: [createCall] }, { text: 'Done.' }])
    const runtime = makeRuntime(model, ws)
    const runId = runtime.startRun({ input: 'plan my week' })
    await waitForRun(runtime, runId, 'awaitingConfirmation')
    expect(await ws.readTasks()).toEqual([])
    await runtime.submitConfirmation(runId, pendingId(runtime, runId), 'allow')
    await waitForRun(runtime, runId, 'awaitingInput')
    const tasks = await ws.readTasks()
    expect(tasks).toHaveLength(1)
    expect(tasks[0]?.title).toBe('Read chapter 3')
    expect(eventsOf(runtime, runId, 'toolCompleted')).toHaveLength(1)
  })

  it('deny → no task, a user_denied event, and the model hears the denial', async () => {
    const model = new ScriptedModel([{ toolCalls: [createCall] }, { text: 'OK, I will not.' }])
    const runtime = makeRuntime(model, ws)
    const runId = runtime.startRun({ input: 'plan my week' })
    await waitForRun(runtime, runId, 'awaitingConfirmation')
    await runtime.submitConfirmation(runId, pendingId(runtime, runId), 'deny')
    await waitForRun(runtime, runId, 'awaitingInput')
    expect(await ws.readTasks()).toEqual([])
    const denied = runtime
      .view(runId)
      .events.filter((e) => e.payloadJson?.includes('"code":"user_denied"'))
    expect(denied).toHaveLength(1)
    const toolMessage = model.requests[1]?.messages.at(-1)
    expect(toolMessage).toEqual({
      role: 'tool',
      toolCallId: 'call-1',
      name: 'create_task',
      content:
        '{"ok":false,"error":{"code":"user_denied","message":"User denied the requested operation"}}',
    })
  })
})
