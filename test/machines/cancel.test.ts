import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { ModelRequest } from '../../models/messages.ts'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { studyPulseTools } from '../../tools/createToolRegistry.ts'
import { defineTool } from '../../tools/defineTool.ts'
import { ToolRegistry } from '../../tools/ToolRegistry.ts'
import { toolOk } from '../../vocabulary/ToolResult.ts'
import type { Workspace } from '../../workspace/Workspace.ts'
import { eventsOf, makeRuntime, pendingId } from '../helpers/runHarness.ts'
import { signal } from '../helpers/signal.ts'
import { tempWorkspace } from '../helpers/tempWorkspace.ts'

let ws: Workspace
let dispose: () => Promise<void>
beforeEach(async () => ({ ws, dispose } = await tempWorkspace()))
afterEach(() => dispose())

const create = { id: 'c1', name: 'create_task', arguments: '{"title":"Never"}' }
const settle = () => new Promise((resolve) => setTimeout(resolve, 30))

/** A model turn that waits until the request is aborted, recording that it was. */
function hangingTurn(seen: { aborted: boolean; called?: () => void }) {
  return (request: ModelRequest) =>
    new Promise<never>((_, reject) => {
      seen.called?.()
      request.signal.addEventListener('abort', () => {
        seen.aborted = true
        reject(new Error('aborted'))
      })
    })
}

describe('cancel', () => {
  it('while thinking: aborts the model request; the run ends cancelled', async () => {
    const called = signal()
    const seen = { aborted: false, called: () => called.resolve() }
    const runtime = makeRuntime(new ScriptedModel([hangingTurn(seen)]), ws)
    const runId = runtime.startRun({ input: 'hi' })
    expect(runtime.view(runId).value).toBe('thinking')
    // The model is asked right after the step that entered `thinking`.
    await called.promise
    await runtime.cancel(runId)
    expect(runtime.view(runId).value).toBe('cancelled')
    await settle()
    expect(seen.aborted).toBe(true)
    expect(runtime.view(runId).value).toBe('cancelled')
    expect(eventsOf(runtime, runId, 'runCancelled')).toHaveLength(1)
  })

  it('while awaiting confirmation: drops the card, and nothing executes afterwards', async () => {
    const model = new ScriptedModel([{ toolCalls: [create] }, { text: 'never asked' }])
    const runtime = makeRuntime(model, ws)
    const runId = runtime.startRun({ input: 'go' })
    await waitForRun(runtime, runId, 'awaitingConfirmation')
    const id = pendingId(runtime, runId)
    await runtime.cancel(runId)
    expect(runtime.view(runId).pending).toBeUndefined()
    await expect(runtime.submitConfirmation(runId, id, 'allow')).rejects.toMatchObject({
      code: 'confirmation_not_found',
    })
    // Even with the card's digest, the id died with the run.
    const digest = eventsOf(runtime, runId, 'confirmationRequired')[0]?.digest
    await expect(runtime.submitConfirmation(runId, id, 'allow', { digest })).rejects.toThrow()
    await settle()
    expect(runtime.view(runId).value).toBe('cancelled')
    expect(await ws.readTasks()).toEqual([])
    expect(model.requests).toHaveLength(1)
  })

  it('while awaiting confirmation: the card is audited as closed unanswered, with no decision', async () => {
    const model = new ScriptedModel([{ toolCalls: [create] }, { text: 'never asked' }])
    const runtime = makeRuntime(model, ws)
    const runId = runtime.startRun({ input: 'go' })
    await waitForRun(runtime, runId, 'awaitingConfirmation')
    const id = pendingId(runtime, runId)
    await runtime.cancel(runId, 'chat closed')
    const audit = async () => (await runtime.store?.readAudit()) ?? []
    await expect.poll(audit).toHaveLength(1)
    const [line] = await audit()
    expect(line).toMatchObject({
      runId,
      toolCallId: 'c1',
      toolName: 'create_task',
      permission: 'write',
      confirmationId: id,
      outcome: 'cancelled',
      code: 'run_cancelled',
    })
    expect(line?.decision).toBeUndefined()
  })

  it('while executing: aborts the tool, and nothing runs after it', async () => {
    const log: string[] = []
    const slow = defineTool({
      name: 'slow_write',
      description: 'writes slowly',
      parameters: z.strictObject({}),
      permission: 'write',
      preview: () => 'slow write',
      execute: (_args, { signal }) =>
        new Promise((resolve) => {
          log.push('started')
          signal.addEventListener('abort', () => {
            log.push('aborted')
            resolve(toolOk('late'))
          })
        }),
    })
    const tools = new ToolRegistry([...studyPulseTools, slow])
    const model = new ScriptedModel([
      { toolCalls: [{ id: 's1', name: 'slow_write', arguments: '{}' }, create] },
      { text: 'never asked' },
    ])
    const runtime = makeRuntime(model, ws, tools)
    const runId = runtime.startRun({ input: 'go' })
    await waitForRun(runtime, runId, 'awaitingConfirmation')
    await runtime.submitConfirmation(runId, pendingId(runtime, runId), 'allow')
    await waitForRun(runtime, runId, 'executing')
    while (!log.includes('started')) await new Promise((resolve) => setTimeout(resolve, 5))
    await runtime.cancel(runId)
    await settle()
    expect(log).toEqual(['started', 'aborted'])
    expect(runtime.view(runId).value).toBe('cancelled')
    expect(eventsOf(runtime, runId, 'toolCompleted')).toEqual([])
    expect(eventsOf(runtime, runId, 'confirmationRequired')).toHaveLength(1)
    expect(await ws.readTasks()).toEqual([])
  })

  it('while awaiting input: the run ends and takes no more input', async () => {
    const runtime = makeRuntime(new ScriptedModel([{ text: 'Hi' }, { toolCalls: [create] }]), ws)
    const runId = runtime.startRun({ input: 'hello' })
    await waitForRun(runtime, runId, 'awaitingInput')
    await runtime.cancel(runId)
    expect(runtime.view(runId).value).toBe('cancelled')
    await expect(runtime.sendInput(runId, 'create a task')).rejects.toMatchObject({
      code: 'not_awaiting_input',
    })
    await settle()
    expect(runtime.view(runId).value).toBe('cancelled')
    expect(await ws.readTasks()).toEqual([])
  })

  it('is a no-op on a run that already ended, and refuses an unknown run', async () => {
    const runtime = makeRuntime(new ScriptedModel([{ text: 'Hi' }]), ws)
    const runId = runtime.startRun({ input: 'hello' })
    await runtime.cancel(runId)
    await runtime.cancel(runId)
    expect(eventsOf(runtime, runId, 'runCancelled')).toHaveLength(1)
    await expect(runtime.cancel('nope')).rejects.toMatchObject({ code: 'run_not_found' })
  })
})
