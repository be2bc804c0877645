import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import { createAgentRuntime } from '../../runtime/createAgentRuntime.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { sqliteRunStore } from '../../store/sqlite/sqliteRunStore.ts'
import { createToolRegistry } from '../../tools/createToolRegistry.ts'
import { cardDigest } from '../../tools/digest.ts'
import { buildTranscript } from '../../ui/core/buildTranscript.ts'
import type { AgentEvent } from '../../vocabulary/AgentEvent.ts'
import type { ModelTurn } from '../../vocabulary/ChatMessage.ts'
import { MemoryWorkspace } from '../../workspace/MemoryWorkspace.ts'
import { Workspace } from '../../workspace/Workspace.ts'
import { allowShownCard } from '../helpers/runHarness.ts'
import { seedStudy, storedTask } from '../helpers/studyFixtures.ts'
import {
  endEarlierProcesses,
  sequentialIds,
  tempWorkspace,
  trackRuntime,
} from '../helpers/tempWorkspace.ts'

const proposing = (name: string, args: object): ModelTurn => ({
  toolCalls: [{ id: 'c1', name, arguments: JSON.stringify(args) }],
})

const cards = (events: readonly AgentEvent[]) =>
  events.filter((e) => e.kind === 'confirmationRequired')

async function memoryRun(name: string, args: object) {
  const ws = new MemoryWorkspace()
  await seedStudy(ws)
  await ws.upsertTask(storedTask('t2', 'Review chapter 3', { importance: 4 }))
  const model = new ScriptedModel([proposing(name, args), { text: 'Done.' }])
  const runtime = createAgentRuntime({ model, tools: createToolRegistry(), workspace: ws })
  const runId = runtime.startRun({ input: 'go' })
  await waitForRun(runtime, runId, 'awaitingConfirmation')
  return { ws, runtime, runId, model }
}

describe('a card shows what the call will change, read before it is shown', () => {
  it('passes through describing, and the card, its event and the pending card carry the description', async () => {
    const { runtime, runId } = await memoryRun('update_task', { id: 't1', due: '2026-12-07' })
    const { events, pending } = runtime.view(runId)
    const statuses = events.flatMap((e) => (e.kind === 'statusChanged' ? [e.status] : []))
    expect(statuses).toEqual(['thinking', 'preparing', 'describing', 'awaitingConfirmation'])
    const [card] = cards(events)
    expect(card?.description).toMatchObject({
      headline: 'Change “Essay”: due Fri 4 Dec 2026 → Mon 7 Dec 2026',
      fields: [
        { label: 'Title', before: 'Essay', after: 'Essay' },
        { label: 'Due', before: 'Fri 4 Dec 2026', after: 'Mon 7 Dec 2026' },
      ],
      target: { kind: 'task', id: 't1' },
    })
    expect(pending?.description).toEqual(card?.description)
    expect(pending?.digest).toBe(card?.digest)
    await runtime.close()
  })

  it('a tool without a describe step goes straight to its card, decided by the call digest', async () => {
    const { runtime, runId } = await memoryRun('write_memory', { text: 'I like flashcards' })
    const { events } = runtime.view(runId)
    expect(events.some((e) => e.kind === 'statusChanged' && e.status === 'describing')).toBe(false)
    const requested = events.find((e) => e.kind === 'toolRequested')
    const [card] = cards(events)
    expect(card?.description).toBeUndefined()
    expect(card?.digest).toBe(requested?.digest)
    await runtime.close()
  })

  it('a decision that carries the call digest of a card bound to a target is refused', async () => {
    const { ws, runtime, runId } = await memoryRun('delete_task', { id: 't1' })
    const [card] = cards(runtime.view(runId).events)
    const callDigest = runtime.view(runId).events.find((e) => e.kind === 'toolRequested')?.digest
    expect(card?.digest).toBe(cardDigest(callDigest ?? '', card?.description?.target))
    await expect(
      runtime.command(runId, {
        kind: 'decide',
        confirmationId: card?.confirmationId ?? '',
        decision: 'allow',
        digest: callDigest as string,
      }),
    ).rejects.toMatchObject({ code: 'confirmation_not_found' })
    expect(await ws.readTask('t1')).toBeDefined()
    await runtime.close()
  })
})

describe('an edit is a new proposal, described again and told truthfully', () => {
  it('a delete edited to another id shows the new target, is bound to it, and deletes only it', async () => {
    const { ws, runtime, runId } = await memoryRun('delete_task', { id: 't1', title: 'Essay' })
    const [first] = cards(runtime.view(runId).events)
    expect(first?.description?.headline).toBe('Delete task “Essay”')
    const edited = await runtime.command(runId, {
      kind: 'edit',
      confirmationId: first?.confirmationId ?? '',
      args: { id: 't2', title: 'Essay' },
      by: { name: 'Ada' },
    })
    const { events, pending } = runtime.view(runId)
    const second = cards(events).at(-1)
    expect(edited).toEqual({ applied: true, confirmationId: second?.confirmationId })
    // The card names the task the id is, not the title the edit kept, and says they differ.
    expect(second?.description?.headline).toBe('Delete task “Review chapter 3”')
    expect(second?.description?.notice?.code).toBe('claim_differs')
    expect(second?.description?.target).toMatchObject({ kind: 'task', id: 't2' })
    expect(pending?.digest).toBe(second?.digest)
    expect(events.find((e) => e.kind === 'callEdited')).toMatchObject({
      toolCallId: 'c1',
      toolName: 'delete_task',
      confirmationId: first?.confirmationId,
      previousPayloadJson: '{"id":"t1","title":"Essay"}',
      payloadJson: '{"id":"t2","title":"Essay"}',
      decidedBy: 'user',
      person: 'Ada',
    })

    await allowShownCard(runtime, runId)
    expect((await ws.readTasks()).map((t) => t.id)).toEqual(['t1'])
    // The chat's "Done" line names the edited call, not the one the model proposed.
    const done = buildTranscript(runtime.view(runId).events, false).filter(
      (i) => i.kind === 'activity',
    )
    expect(done.map((i) => i.kind === 'activity' && i.text)).toEqual([
      'Done: Delete task “Review chapter 3”',
    ])
    await runtime.close()
  })

  it('an edit with invalid arguments is refused, and the card stays', async () => {
    const { runtime, runId } = await memoryRun('update_task', { id: 't1', done: true })
    const [card] = cards(runtime.view(runId).events)
    await expect(
      runtime.command(runId, {
        kind: 'edit',
        confirmationId: card?.confirmationId ?? '',
        args: { id: 't1' },
      }),
    ).rejects.toMatchObject({ code: 'invalid_edit' })
    expect(runtime.view(runId).pending?.confirmationId).toBe(card?.confirmationId)
    expect(runtime.view(runId).events.some((e) => e.kind === 'callEdited')).toBe(false)
    await runtime.close()
  })
})

describe('a card bound to a target survives a restart', () => {
  let ws: Workspace
  let dir: string
  let dispose: () => Promise<void>
  beforeEach(async () => ({ ws, dir, dispose } = await tempWorkspace()))
  afterEach(() => dispose())

  const boot = async (script: ModelTurn[], prefix: string) => {
    await endEarlierProcesses()
    const runtime = createAgentRuntime({
      model: new ScriptedModel(script),
      tools: createToolRegistry(),
      workspace: await Workspace.open(dir),
      store: sqliteRunStore(dir),
      generateId: sequentialIds(prefix),
    })
    trackRuntime(runtime)
    return runtime
  }

  it('restores its description and binding: a target changed while the app was down writes nothing', async () => {
    await seedStudy(ws)
    const first = await boot([proposing('update_task', { id: 't1', done: true })], 'a')
    const runId = first.startRun({ input: 'mark the essay done' })
    await waitForRun(first, runId, 'awaitingConfirmation')
    const shown = first.view(runId).pending
    await first.flush()

    // While the app is down, the task changes (another window, a sync).
    const task = await ws.readTask('t1')
    await ws.upsertTask({ ...(task?.value ?? storedTask('t1')), title: 'Essay (v2)' })

    const second = await boot([{ text: 'It changed.' }], 'b')
    expect(await second.restore()).toEqual([runId])
    const restored = second.view(runId).pending
    expect(restored?.description).toEqual(shown?.description)
    expect(restored?.digest).toBe(shown?.digest)
    await allowShownCard(second, runId)
    expect((await ws.readTask('t1'))?.value).toMatchObject({ title: 'Essay (v2)', done: false })
    const failed = second.view(runId).events.find((e) => e.kind === 'toolFailed')
    expect(failed?.error?.code).toBe('target_changed')
    await second.flush()
  })
})
