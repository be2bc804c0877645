import { afterEach, describe, expect, it } from 'vitest'
import type { ModelRequest } from '../../models/messages.ts'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import type { AgentRuntime } from '../../runtime/AgentRuntime.ts'
import { createAgentRuntime } from '../../runtime/createAgentRuntime.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { memoryRunStore } from '../../store/memoryRunStore.ts'
import type { RunStore } from '../../store/RunStore.ts'
import { createToolRegistry } from '../../tools/createToolRegistry.ts'
import type { ModelTurn, ToolCall } from '../../vocabulary/ChatMessage.ts'
import { MemoryWorkspace } from '../../workspace/MemoryWorkspace.ts'
import type { StudyWorkspace } from '../../workspace/StudyWorkspace.ts'
import { allowShownCard } from '../helpers/runHarness.ts'
import { seedStudy } from '../helpers/studyFixtures.ts'

const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

/** Proposes the call a user message names (`call <name> <json>`); told a result, answers in words. */
function callingModel(): ScriptedModel {
  return new ScriptedModel((request: ModelRequest): ModelTurn => {
    const last = request.messages.at(-1)
    if (last?.role === 'tool') return { text: `the tool said ${last.content}` }
    const text = last?.role === 'user' ? last.content : ''
    const [, name = '', args = '{}'] = /^call (\S+) (.*)$/s.exec(text) ?? []
    const n = request.messages.filter((m) => m.role === 'assistant').length
    const call: ToolCall = { id: `${name}-${n}`, name, arguments: args }
    return { toolCalls: [call] }
  })
}

const snapshot = async (ws: StudyWorkspace) =>
  JSON.stringify([await ws.readTasks(), await ws.readMemory(), await ws.listArtifacts()])

async function started(): Promise<{ runtime: AgentRuntime; ws: MemoryWorkspace; store: RunStore }> {
  const ws = new MemoryWorkspace()
  await seedStudy(ws)
  const store = memoryRunStore()
  const runtime = createAgentRuntime({
    model: callingModel(),
    tools: createToolRegistry(),
    workspace: ws,
    store,
  })
  closers.push(() => runtime.close())
  return { runtime, ws, store }
}

/** The changeId of the latest `toolCompleted` of the run, as its event carries it. */
function lastChangeId(runtime: AgentRuntime, runId: string): string {
  const done = runtime.view(runId).events.findLast((e) => e.kind === 'toolCompleted')
  const changeId = JSON.parse(done?.payloadJson ?? '{}').data?.changeId
  expect(changeId).toEqual(expect.any(String))
  return changeId
}

describe("command(runId, { kind: 'undo', changeId }) through the real runtime", () => {
  it('queues an undo card, never a shortcut: nothing changes until it is allowed; deny changes nothing; allow takes it back', async () => {
    const { runtime, ws, store } = await started()
    const before = await snapshot(ws)
    const runId = runtime.startRun({ input: `call delete_task ${JSON.stringify({ id: 't1' })}` })
    await waitForRun(runtime, runId, 'awaitingConfirmation')
    await allowShownCard(runtime, runId)
    const changeId = lastChangeId(runtime, runId)
    // The model heard the change id with the result.
    const told = runtime.view(runId).messages.findLast((m) => m.role === 'tool')
    expect(JSON.parse(told?.content ?? '{}')).toMatchObject({ ok: true, data: { changeId } })
    const deleted = await snapshot(ws)

    await runtime.command(runId, { kind: 'undo', changeId })
    await waitForRun(runtime, runId, 'awaitingConfirmation')
    const card = runtime.view(runId).pending
    const shown = runtime.view(runId).events.findLast((e) => e.kind === 'confirmationRequired')
    expect(shown?.toolName).toBe('undo_change')
    expect(card?.description?.headline).toBe('Undo deleting the task “Essay”: bring it back')
    expect(await snapshot(ws)).toBe(deleted)
    await runtime.command(runId, {
      kind: 'decide',
      confirmationId: card?.confirmationId ?? '',
      decision: 'deny',
    })
    await waitForRun(runtime, runId, 'awaitingInput')
    expect(await snapshot(ws)).toBe(deleted)

    await runtime.command(runId, { kind: 'undo', changeId })
    await waitForRun(runtime, runId, 'awaitingConfirmation')
    await allowShownCard(runtime, runId)
    expect(await snapshot(ws)).toBe(before)
    const undoneBy = lastChangeId(runtime, runId)
    expect(undoneBy).not.toBe(changeId)
    expect((await ws.readChange(changeId))?.undoneBy).toBe(undoneBy)

    // Audited like any call: the denied undo and the allowed one, each naming the change.
    await runtime.flush()
    const audit = (await store.readAudit()).filter((record) => record.toolName === 'undo_change')
    expect(audit.map((record) => [record.decision, record.outcome, record.preview])).toEqual([
      ['deny', 'denied', expect.stringContaining('Undo deleting the task “Essay”')],
      ['allow', 'completed', expect.stringContaining('Undo deleting the task “Essay”')],
    ])
  })

  it('is refused while the run is not waiting for input (a card is open), and queues nothing', async () => {
    const { runtime, ws } = await started()
    const runId = runtime.startRun({
      input: `call update_task ${JSON.stringify({ id: 't1', done: true })}`,
    })
    await waitForRun(runtime, runId, 'awaitingConfirmation')
    const card = runtime.view(runId).pending
    await expect(
      runtime.command(runId, { kind: 'undo', changeId: 'anything' }),
    ).rejects.toMatchObject({
      code: 'not_awaiting_input',
    })
    expect(runtime.view(runId).pending?.confirmationId).toBe(card?.confirmationId)
    expect((await ws.readTask('t1'))?.value.done).toBe(false)
  })

  it('a malformed change id is refused at the edge', async () => {
    const { runtime } = await started()
    const runId = runtime.startRun({ input: 'call list_tasks {}' })
    await waitForRun(runtime, runId, 'awaitingInput')
    await expect(
      runtime.command(runId, { kind: 'undo', changeId: '../etc' }),
    ).rejects.toMatchObject({
      code: 'invalid_input',
    })
  })
})
