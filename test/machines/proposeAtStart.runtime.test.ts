import { afterEach, describe, expect, it } from 'vitest'
import type { ModelRequest } from '../../models/messages.ts'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import { createAgentRuntime } from '../../runtime/createAgentRuntime.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { memoryRunStore } from '../../store/memoryRunStore.ts'
import { createToolRegistry } from '../../tools/createToolRegistry.ts'
import type { ModelTurn } from '../../vocabulary/ChatMessage.ts'
import { MemoryWorkspace } from '../../workspace/MemoryWorkspace.ts'
import { seedStudy } from '../helpers/studyFixtures.ts'

const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

// Issue #48: a change asked from a task's buttons with no chat open opens a chat whose first
// step is that change's card; the model is asked nothing before the person decides.
async function runtimeWithTalkingModel() {
  const asked: ModelRequest[] = []
  const model = new ScriptedModel((request: ModelRequest): ModelTurn => {
    asked.push(request)
    return { text: request.messages.at(-1)?.role === 'tool' ? 'Done.' : 'Hello.' }
  })
  const ws = new MemoryWorkspace()
  await seedStudy(ws)
  const runtime = createAgentRuntime({
    model,
    tools: createToolRegistry(),
    workspace: ws,
    store: memoryRunStore(),
  })
  closers.push(() => runtime.close())
  return { runtime, ws, asked }
}

describe('startRun({ propose }): a run that opens with a person’s own change', () => {
  it('shows its card first, with no model turn; the model speaks only after the decision', async () => {
    const { runtime, ws, asked } = await runtimeWithTalkingModel()
    const before = JSON.stringify(await ws.readTasks())
    const words = 'Delete the task “Essay”'
    const runId = runtime.startRun({
      input: words,
      propose: { tool: 'delete_task', args: { id: 't1' } },
    })
    await waitForRun(runtime, runId, 'awaitingConfirmation')
    expect(asked).toEqual([])
    const view = runtime.view(runId)
    expect(view.events.map((e) => e.kind).slice(0, 2)).toEqual(['runStarted', 'userMessage'])
    expect(view.events.some((e) => e.kind === 'assistantMessage')).toBe(false)
    expect(view.events.findLast((e) => e.kind === 'confirmationRequired')?.toolName).toBe(
      'delete_task',
    )
    expect(view.messages.findLast((m) => m.role === 'user')?.content).toBe(words)
    // The run list names the chat by the person's words.
    const listed = await runtime.listRuns({})
    expect(listed.runs.find((r) => r.runId === runId)?.title).toBe(words)
    expect(JSON.stringify(await ws.readTasks())).toBe(before)

    await runtime.command(runId, {
      kind: 'decide',
      confirmationId: view.pending?.confirmationId ?? '',
      decision: 'deny',
    })
    await waitForRun(runtime, runId, 'awaitingInput')
    expect(JSON.stringify(await ws.readTasks())).toBe(before)
    expect(asked).toHaveLength(1)
    expect(runtime.view(runId).events.findLast((e) => e.kind === 'assistantMessage')?.text).toBe(
      'Done.',
    )
  })

  it('refuses a tool a person may not ask for from a button, and starts nothing', async () => {
    const { runtime, asked } = await runtimeWithTalkingModel()
    const start = () =>
      runtime.startRun({ input: 'Run it', propose: { tool: 'run_code', args: { code: '1' } } })
    expect(start).toThrow(expect.objectContaining({ code: 'invalid_input' }))
    expect((await runtime.listRuns({})).runs).toEqual([])
    expect(asked).toEqual([])
  })
})
