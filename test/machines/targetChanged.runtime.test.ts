import { afterEach, describe, expect, it } from 'vitest'
import type { ModelRequest } from '../../models/messages.ts'
import { ScriptedModel } from '../../models/ScriptedModel.ts'
import type { AgentRuntime } from '../../runtime/AgentRuntime.ts'
import { createAgentRuntime } from '../../runtime/createAgentRuntime.ts'
import { waitForRun } from '../../runtime/waitForRun.ts'
import { sqliteRunStore } from '../../store/sqlite/sqliteRunStore.ts'
import { createToolRegistry } from '../../tools/createToolRegistry.ts'
import { cardDigest } from '../../tools/digest.ts'
import { buildTranscript } from '../../ui/core/buildTranscript.ts'
import { describeCardState } from '../../ui/core/describeCardState.ts'
import type { AgentEvent } from '../../vocabulary/AgentEvent.ts'
import type { ModelTurn, ToolCall } from '../../vocabulary/ChatMessage.ts'
import { MemoryWorkspace } from '../../workspace/MemoryWorkspace.ts'
import type { StudyWorkspace } from '../../workspace/StudyWorkspace.ts'
import { Workspace } from '../../workspace/Workspace.ts'
import { freshDatabase } from '../helpers/postgres.ts'
import { allowShownCard } from '../helpers/runHarness.ts'
import { seedStudy } from '../helpers/studyFixtures.ts'
import { otherProcess } from '../workspace/otherProcess.ts'
import { makeTempDirs } from '../workspace/tempDir.ts'
import { startNode } from './multiNode/nodeRuntime.ts'

const tempDir = makeTempDirs()
const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

/**
 * A model that proposes the call a user message names (`call <name> <json>`) and, told the
 * result, answers with its outcome, so the conversation shows what the model heard.
 */
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

const call = (name: string, args: object) => `call ${name} ${JSON.stringify(args)}`

/** Starts a run that proposes `name(args)` and waits for its card; returns the run and its card. */
async function cardFor(runtime: AgentRuntime, name: string, args: object) {
  const runId = runtime.startRun({ input: call(name, args) })
  await waitForRun(runtime, runId, 'awaitingConfirmation')
  const view = runtime.view(runId)
  const card = view.events.findLast((e) => e.kind === 'confirmationRequired') as AgentEvent
  return { runId, card, pending: view.pending }
}

/**
 * The card showed the target at a version, someone else changed it, the person allowed: nothing
 * written, `target_changed` to the model, and the card and the chat say so.
 */
async function expectChangedAfterCard(
  runtime: AgentRuntime,
  shown: { runId: string; card: AgentEvent },
  ws: StudyWorkspace,
  change: () => Promise<void>,
) {
  const { runId, card } = shown
  const target = card.description?.target
  expect(target?.version === null || typeof target?.version === 'string').toBe(true)
  // The card is decided by the call bound to the version it shows.
  const requested = runtime
    .view(runId)
    .events.find((e) => e.kind === 'toolRequested' && e.toolCallId === card.toolCallId)
  expect(card.digest).toBe(cardDigest(requested?.digest ?? '', target))
  expect(card.digest).not.toBe(requested?.digest)

  await change()
  const before = await snapshot(ws)
  await allowShownCard(runtime, runId)
  expect(await snapshot(ws)).toBe(before)

  const { events, messages } = runtime.view(runId)
  const failed = events.find((e) => e.kind === 'toolFailed' && e.toolCallId === card.toolCallId)
  expect(failed?.error?.code).toBe('target_changed')
  const told = messages.find((m) => m.role === 'tool' && m.toolCallId === card.toolCallId)
  expect(JSON.parse(told?.content ?? '{}')).toMatchObject({ error: { code: 'target_changed' } })
  // The person sees it: on the card, and in the chat under it.
  const items = buildTranscript(events, false)
  const shownCard = items.find((i) => i.kind === 'confirmation')
  expect(shownCard).toMatchObject({ outcome: 'changed' })
  expect(describeCardState({ outcome: 'changed', toolName: card.toolName ?? '' })).toBe(
    'Allowed, but this changed after the card was shown, so nothing was written. Ask again to see it as it is now.',
  )
  expect(items.at(-2)).toMatchObject({
    kind: 'activity',
    ok: false,
    text: `Nothing was written: ${card.description?.headline}. It changed after the card was shown (in another window or device).`,
  })
}

async function snapshot(ws: StudyWorkspace): Promise<string> {
  return JSON.stringify([
    await ws.readTasks(),
    await ws.readMemory(),
    (await ws.listArtifacts()).map((a) => [a.name, a.title, a.content]),
  ])
}

describe('the target changed between the card and Allow, through the real runtime', () => {
  it('MemoryWorkspace, changed by another run: the earlier card writes nothing', async () => {
    const ws = new MemoryWorkspace()
    await seedStudy(ws)
    const runtime = createAgentRuntime({
      model: callingModel(),
      tools: createToolRegistry(),
      workspace: ws,
    })
    closers.push(() => runtime.close())
    const first = await cardFor(runtime, 'update_task', { id: 't1', done: true })
    expect(first.card.description?.headline).toBe('Mark “Essay” as done')
    expect(first.pending?.description).toEqual(first.card.description)
    await expectChangedAfterCard(runtime, first, ws, async () => {
      // Another run on the same workspace moves the due date, and is allowed first.
      const other = await cardFor(runtime, 'update_task', { id: 't1', due: '2026-12-07' })
      await allowShownCard(runtime, other.runId)
      expect((await ws.readTask('t1'))?.value.due).toBe('2026-12-07')
    })
    expect((await ws.readTask('t1'))?.value.done).toBe(false)
  })

  it('the folder Workspace, changed by another process: the delete deletes nothing', async () => {
    const dir = await tempDir()
    const ws = await Workspace.create(dir)
    await seedStudy(ws)
    const runtime = createAgentRuntime({
      model: callingModel(),
      tools: createToolRegistry(),
      workspace: ws,
      store: sqliteRunStore(ws.root),
    })
    closers.push(() => runtime.close())
    const shown = await cardFor(runtime, 'delete_task', { id: 't1', title: 'Essay' })
    expect(shown.card.description?.headline).toBe('Delete task “Essay”')
    await expectChangedAfterCard(runtime, shown, ws, async () => {
      const version = (await ws.readTask('t1'))?.version ?? ''
      expect(await otherProcess(dir, 'task-at', 't1', version, 'Essay (final draft)')).toBe(true)
    })
    expect((await ws.readTask('t1'))?.value.title).toBe('Essay (final draft)')
  })

  it('PostgreSQL, changed by another node: the new note does not overwrite the one saved there', async () => {
    const { url } = await freshDatabase()
    const nodes = await Promise.all(
      ['a', 'b'].map((name) =>
        startNode(url, { ownerId: `${name}-${Math.random()}`, model: callingModel() }),
      ),
    )
    for (const node of nodes) closers.push(() => node.close())
    const [a, b] = nodes as [(typeof nodes)[0], (typeof nodes)[0]]
    const note = { title: 'Week plan', content: 'Mon: cells\nTue: genetics' }
    const shown = await cardFor(a.runtime, 'save_artifact', note)
    expect(shown.card.description?.target).toEqual({
      kind: 'note',
      id: 'week-plan',
      version: null,
    })
    await expectChangedAfterCard(a.runtime, shown, a.workspace, async () => {
      // Another node saves a note of that title through its own run, allowed there.
      const there = await cardFor(b.runtime, 'save_artifact', {
        title: 'Week plan',
        content: 'Saved on the other node',
      })
      await allowShownCard(b.runtime, there.runId)
    })
    expect((await a.workspace.readArtifact('week-plan'))?.value.content).toBe(
      'Saved on the other node',
    )
  })
})
