import { afterEach, describe, expect, it } from 'vitest'
import type { ModelRequest } from '../../models/messages.ts'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import type { AgentRuntime } from '../../runtime/AgentRuntime.ts'
import { createAgentRuntime } from '../../runtime/createAgentRuntime.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { memoryRunStore } from '../../store/memoryRunStore.ts'
import { parseStoredCommand } from '../../store/RunCommand.ts'
import { createToolRegistry } from '../../tools/createToolRegistry.ts'
import type { ModelTurn } from '../../vocabulary/ChatMessage.ts'
import { MemoryWorkspace } from '../../workspace/MemoryWorkspace.ts'
import type { StudyWorkspace } from '../../workspace/StudyWorkspace.ts'
import { allowShownCard } from '../helpers/runHarness.ts'
import { seedStudy } from '../helpers/studyFixtures.ts'

const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

// A model that only ever answers in words: every card in these runs is the person's own proposal.
const talkingModel = () =>
  new ScriptedModel((request: ModelRequest): ModelTurn => {
    const last = request.messages.at(-1)
    return { text: last?.role === 'tool' ? 'Done.' : 'Hello.' }
  })

const snapshot = async (ws: StudyWorkspace) =>
  JSON.stringify([await ws.readTasks(), await ws.listArtifacts()])

async function waitingRun(): Promise<{
  runtime: AgentRuntime
  ws: MemoryWorkspace
  runId: string
}> {
  const ws = new MemoryWorkspace()
  await seedStudy(ws)
  const runtime = createAgentRuntime({
    model: talkingModel(),
    tools: createToolRegistry(),
    workspace: ws,
    store: memoryRunStore(),
  })
  closers.push(() => runtime.close())
  const runId = runtime.startRun({ input: 'hi' })
  await waitForRun(runtime, runId, 'awaitingInput')
  return { runtime, ws, runId }
}

describe("command(runId, { kind: 'propose' }): a change asked from the app's own buttons", () => {
  it('becomes a card, never a write: deny changes nothing, allow changes the task', async () => {
    const { runtime, ws, runId } = await waitingRun()
    const before = await snapshot(ws)
    const words = 'Delete “Essay”'
    await runtime.command(runId, {
      kind: 'propose',
      tool: 'delete_task',
      args: { id: 't1' },
      words,
    })
    await waitForRun(runtime, runId, 'awaitingConfirmation')
    const card = runtime.view(runId).pending
    const shown = runtime.view(runId).events.findLast((e) => e.kind === 'confirmationRequired')
    expect(shown?.toolName).toBe('delete_task')
    expect(card?.description?.headline).toContain('Essay')
    // The person reads their own words back in the conversation, not the call.
    expect(runtime.view(runId).messages.findLast((m) => m.role === 'user')?.content).toBe(words)
    expect(await snapshot(ws)).toBe(before)
    await runtime.command(runId, {
      kind: 'decide',
      confirmationId: card?.confirmationId ?? '',
      decision: 'deny',
    })
    await waitForRun(runtime, runId, 'awaitingInput')
    expect(await snapshot(ws)).toBe(before)

    const move = { id: 't1', due: '2026-12-20' }
    await runtime.command(runId, {
      kind: 'propose',
      tool: 'update_task',
      args: move,
      words: 'Move “Essay”',
    })
    await waitForRun(runtime, runId, 'awaitingConfirmation')
    expect(await snapshot(ws)).toBe(before)
    await allowShownCard(runtime, runId)
    expect((await ws.readTask('t1'))?.value.due).toBe('2026-12-20')
  })

  it('a note is deleted only through its card', async () => {
    const { runtime, ws, runId } = await waitingRun()
    const [note] = await ws.listArtifacts()
    const args = { name: note?.name ?? '' }
    await runtime.command(runId, {
      kind: 'propose',
      tool: 'delete_note',
      args,
      words: 'Delete “Exam plan”',
    })
    await waitForRun(runtime, runId, 'awaitingConfirmation')
    expect(await ws.listArtifacts()).toHaveLength(1)
    await allowShownCard(runtime, runId)
    expect(await ws.listArtifacts()).toHaveLength(0)
  })

  it('refuses any other tool, empty words, and a run that is not waiting for input', async () => {
    const { runtime, ws, runId } = await waitingRun()
    const before = await snapshot(ws)
    const code = { kind: 'propose' as const, tool: 'run_code', args: { code: '1' }, words: 'Run' }
    await expect(runtime.command(runId, code)).rejects.toMatchObject({ code: 'invalid_input' })
    const mute = { kind: 'propose' as const, tool: 'delete_task', args: { id: 't1' }, words: ' ' }
    await expect(runtime.command(runId, mute)).rejects.toMatchObject({ code: 'invalid_input' })
    expect(runtime.view(runId).value).toBe('awaitingInput')

    await runtime.command(runId, { ...mute, words: 'Delete “Essay”' })
    await waitForRun(runtime, runId, 'awaitingConfirmation')
    const card = runtime.view(runId).pending?.confirmationId
    await expect(runtime.command(runId, { ...mute, words: 'again' })).rejects.toMatchObject({
      code: 'not_awaiting_input',
    })
    expect(runtime.view(runId).pending?.confirmationId).toBe(card)
    expect(await snapshot(ws)).toBe(before)
  })

  it('is stored with a version and read back, for a run owned on another node', () => {
    const stored = {
      version: 1,
      kind: 'propose',
      tool: 'delete_task',
      args: '{"id":"t1"}',
      words: 'x',
    }
    expect(parseStoredCommand(stored)).toEqual({ ...stored, version: undefined })
    expect(parseStoredCommand({ ...stored, version: 2 })).toBeUndefined()
  })
})
