import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createModelClient } from '../../../models/createModelClient.ts'
import type { AgentRuntime } from '../../../runtime/AgentRuntime.ts'
import { waitForRun } from '../../../runtime/waitForRun.ts'
import type { AgentEvent } from '../../../vocabulary/AgentEvent.ts'
import type { Workspace } from '../../../workspace/Workspace.ts'
import { deliveredEvents, eventsOf, makeRuntime, pendingId } from '../../helpers/runHarness.ts'
import { storedEvents } from '../../helpers/sqliteFolder.ts'
import { tempWorkspace } from '../../helpers/tempWorkspace.ts'
import { type FakeModelServer, sseReply, startFakeModelServer } from './fakeModelServer.ts'
import { openAIChunk, openAISse, openAITextStream } from './openAIWire.ts'
import { streamedTurns } from './runEvents.ts'

// The create_task arguments, cut inside a string and inside the `\u00e9` escape.
const createArgs = ['{"ti', 'tle":"R\\u00', 'e9viser chap', 'itre 3","importance":4}']

/** A first turn with text and two parallel tool calls whose fragments interleave. */
function toolTurn(): string {
  return openAISse([
    openAIChunk({ role: 'assistant', content: '' }),
    openAIChunk({ content: "I'll look at " }),
    openAIChunk({ content: 'your list and add it.' }),
    openAIChunk({ tool_calls: [{ index: 0, id: 'call_list', name: 'list_tasks', arguments: '' }] }),
    openAIChunk({
      tool_calls: [{ index: 1, id: 'call_create', name: 'create_task', arguments: '' }],
    }),
    openAIChunk({ tool_calls: [{ index: 1, arguments: createArgs[0] }] }),
    openAIChunk({ tool_calls: [{ index: 0, arguments: '{}' }] }),
    ...createArgs
      .slice(1)
      .map((piece) => openAIChunk({ tool_calls: [{ index: 1, arguments: piece }] })),
    openAIChunk({}, 'tool_calls'),
  ])
}

let server: FakeModelServer
let ws: Workspace
let dispose: () => Promise<void>
beforeEach(async () => {
  server = await startFakeModelServer()
  ;({ ws, dispose } = await tempWorkspace())
})
const runtimes: AgentRuntime[] = []
afterEach(async () => {
  // Runs save themselves in the workspace; let that finish before the folder goes.
  await Promise.all(runtimes.splice(0).map((rt) => rt.flush()))
  await server.close()
  await dispose()
})

function model() {
  return createModelClient({
    provider: 'openai',
    model: 'gpt-4o-mini',
    apiKey: 'sk-test',
    baseURL: `${server.url}/v1`,
  })
}

describe('OpenAI Chat Completions, streamed, through the runtime', () => {
  it('runs parallel tool calls: read runs, write waits for Allow, then the answer streams in', async () => {
    server.reply(
      sseReply(toolTurn(), { sliceBytes: 7 }),
      sseReply(openAITextStream(['Added “Réviser ', 'chapitre 3”', ' to your tasks.']), {
        sliceBytes: 5,
      }),
    )
    const runtime = makeRuntime(model(), ws)
    runtimes.push(runtime)
    const runId = runtime.startRun({ input: 'Add a task: Réviser chapitre 3, importance 4' })

    await waitForRun(runtime, runId, 'awaitingConfirmation')
    expect(await ws.readTasks()).toEqual([])
    expect(eventsOf(runtime, runId, 'toolCompleted').map((e) => e.toolCallId)).toEqual([
      'call_list',
    ])
    const [card] = eventsOf(runtime, runId, 'confirmationRequired')
    expect(card).toMatchObject({ toolCallId: 'call_create', toolName: 'create_task' })
    expect(card?.preview).toContain('Réviser chapitre 3')

    await runtime.submitConfirmation(runId, pendingId(runtime, runId), 'allow')
    await waitForRun(runtime, runId, 'awaitingInput')

    const tasks = await ws.readTasks()
    expect(tasks.map((t) => [t.title, t.importance])).toEqual([['Réviser chapitre 3', 4]])
    const turns = streamedTurns(deliveredEvents(runtime, runId))
    expect(turns).toEqual([
      {
        streamed: "I'll look at your list and add it.",
        final: "I'll look at your list and add it.",
      },
      {
        streamed: 'Added “Réviser chapitre 3” to your tasks.',
        final: 'Added “Réviser chapitre 3” to your tasks.',
      },
    ])
    const kinds = deliveredEvents(runtime, runId).map((e) => e.kind)
    expect(kinds.indexOf('assistantDelta')).toBeLessThan(kinds.indexOf('assistantMessage'))
    // Delivered live, stored never: the log on disk keeps the final messages only.
    await runtime.flush()
    const stored = storedEvents(ws.root, runId) as unknown as AgentEvent[]
    expect(stored.filter((e) => e.kind === 'assistantDelta')).toEqual([])
    expect(stored.filter((e) => e.kind === 'assistantMessage').map((e) => e.text)).toEqual([
      "I'll look at your list and add it.",
      'Added “Réviser chapitre 3” to your tasks.',
    ])
    expect(runtime.view(runId).events.some((e) => e.kind === 'assistantDelta')).toBe(false)
    expect(kinds.lastIndexOf('assistantDelta')).toBeLessThan(kinds.lastIndexOf('assistantMessage'))

    expect(server.requests).toHaveLength(2)
    const [first, second] = server.requests
    expect(first?.url).toBe('/v1/chat/completions')
    expect(first?.headers.authorization).toBe('Bearer sk-test')
    expect(first?.body).toMatchObject({ model: 'gpt-4o-mini', stream: true })
    expect(first?.body.messages).toEqual([
      { role: 'user', content: 'Add a task: Réviser chapitre 3, importance 4' },
    ])
    const tools = first?.body.tools as Array<{ type: string; function: Record<string, unknown> }>
    expect(tools.map((t) => t.function.name)).toEqual(
      runtime.tools.definitions().map((d) => d.name),
    )
    for (const tool of tools) {
      expect(tool.type).toBe('function')
      expect(tool.function).toMatchObject({ parameters: { type: 'object' } })
      expect(tool.function.parameters).not.toHaveProperty('$schema')
    }

    expect(second?.body.messages.slice(0, 2)).toEqual([
      { role: 'user', content: 'Add a task: Réviser chapitre 3, importance 4' },
      {
        role: 'assistant',
        content: "I'll look at your list and add it.",
        tool_calls: [
          { id: 'call_list', type: 'function', function: { name: 'list_tasks', arguments: '{}' } },
          {
            id: 'call_create',
            type: 'function',
            function: { name: 'create_task', arguments: createArgs.join('') },
          },
        ],
      },
    ])
    const results = second?.body.messages.slice(2) as Array<Record<string, string>>
    expect(results.map((m) => [m.role, m.tool_call_id])).toEqual([
      ['tool', 'call_list'],
      ['tool', 'call_create'],
    ])
    expect(JSON.parse(results[0]?.content ?? '')).toEqual({ ok: true, data: { tasks: [] } })
    expect(JSON.parse(results[1]?.content ?? '')).toMatchObject({
      ok: true,
      data: { title: 'Réviser chapitre 3', importance: 4 },
    })
  })

  it('a denial reaches the model as a user_denied tool result and nothing is written', async () => {
    server.reply(
      sseReply(toolTurn()),
      sseReply(openAITextStream(['All right, ', 'I left your tasks alone.'])),
    )
    const runtime = makeRuntime(model(), ws)
    runtimes.push(runtime)
    const runId = runtime.startRun({ input: 'Add a task: Réviser chapitre 3' })
    await waitForRun(runtime, runId, 'awaitingConfirmation')
    await runtime.submitConfirmation(runId, pendingId(runtime, runId), 'deny')
    await waitForRun(runtime, runId, 'awaitingInput')

    expect(await ws.readTasks()).toEqual([])
    const messages = server.requests[1]?.body.messages as Array<Record<string, string>>
    const denied = messages.find((m) => m.tool_call_id === 'call_create')
    expect(JSON.parse(denied?.content ?? '')).toEqual({
      ok: false,
      error: { code: 'user_denied', message: 'User denied the requested operation' },
    })
    expect(streamedTurns(deliveredEvents(runtime, runId)).at(-1)).toEqual({
      streamed: 'All right, I left your tasks alone.',
      final: 'All right, I left your tasks alone.',
    })
  })
})
