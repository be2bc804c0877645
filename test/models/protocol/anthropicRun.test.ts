import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { AnthropicModel } from '../../../models/AnthropicModel.ts'
import type { AgentRuntime } from '../../../runtime/AgentRuntime.ts'
import { createAgentRuntime } from '../../../runtime/createAgentRuntime.ts'
import { waitForRun } from '../../../runtime/waitForRun.ts'
import { createToolRegistry } from '../../../tools/createToolRegistry.ts'
import type { AgentEvent } from '../../../vocabulary/AgentEvent.ts'
import type { Workspace } from '../../../workspace/Workspace.ts'
import { eventsOf, pendingId } from '../../helpers/runHarness.ts'
import { sequentialIds, steppingClock, tempWorkspace } from '../../helpers/tempWorkspace.ts'
import { anthropicEvents, anthropicSse } from './anthropicWire.ts'
import { type FakeModelServer, sseReply, startFakeModelServer } from './fakeModelServer.ts'
import { streamedTurns } from './runEvents.ts'

// The create_task input JSON, cut inside a string and inside the `\u00e9` escape.
const createJson = ['{"ti', 'tle":"R\\u00', 'e9viser chap', 'itre 3","importance":4}']

/** A first turn with text and two tool uses. */
function toolTurn(): string {
  return anthropicSse(
    anthropicEvents([
      { text: ["I'll look at ", 'your list and add it.'] },
      { toolUse: { id: 'toolu_list', name: 'list_tasks', json: ['{}'] } },
      { toolUse: { id: 'toolu_create', name: 'create_task', json: createJson } },
    ]),
  )
}

function textTurn(pieces: string[]): string {
  return anthropicSse(anthropicEvents([{ text: pieces }]))
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

function runtime() {
  const rt = createAgentRuntime({
    model: new AnthropicModel({
      model: 'claude-test-1',
      apiKey: 'sk-ant-test',
      baseURL: server.url,
    }),
    tools: createToolRegistry(),
    workspace: ws,
    clock: steppingClock(),
    generateId: sequentialIds('uuid'),
    systemPrompt: 'You are StudyPulse, a study assistant.',
  })
  runtimes.push(rt)
  rt.subscribe((event) => live.push(event))
  return rt
}

// What the runtimes delivered, streamed text included (the stored log keeps none of it).
const live: AgentEvent[] = []
const deliveredEvents = (_rt: AgentRuntime, runId: string) => live.filter((e) => e.runId === runId)

describe('Anthropic Messages API, streamed, through the runtime', () => {
  it('runs two tool uses: read runs, write waits for Allow, then the answer streams in', async () => {
    server.reply(
      sseReply(toolTurn(), { sliceBytes: 9 }),
      sseReply(textTurn(['Added “Réviser ', 'chapitre 3”', ' to your tasks.']), { sliceBytes: 5 }),
    )
    const rt = runtime()
    const runId = rt.startRun({ input: 'Add a task: Réviser chapitre 3, importance 4' })

    await waitForRun(rt, runId, 'awaitingConfirmation')
    expect(await ws.readTasks()).toEqual([])
    expect(eventsOf(rt, runId, 'toolCompleted').map((e) => e.toolCallId)).toEqual(['toolu_list'])
    expect(eventsOf(rt, runId, 'confirmationRequired')[0]).toMatchObject({
      toolCallId: 'toolu_create',
      toolName: 'create_task',
    })

    await rt.submitConfirmation(runId, pendingId(rt, runId), 'allow')
    await waitForRun(rt, runId, 'awaitingInput')

    const tasks = await ws.readTasks()
    expect(tasks.map((t) => [t.title, t.importance])).toEqual([['Réviser chapitre 3', 4]])
    expect(streamedTurns(deliveredEvents(rt, runId))).toEqual([
      {
        streamed: "I'll look at your list and add it.",
        final: "I'll look at your list and add it.",
      },
      {
        streamed: 'Added “Réviser chapitre 3” to your tasks.',
        final: 'Added “Réviser chapitre 3” to your tasks.',
      },
    ])
    const kinds = deliveredEvents(rt, runId).map((e) => e.kind)
    expect(kinds.lastIndexOf('assistantDelta')).toBeLessThan(kinds.lastIndexOf('assistantMessage'))

    expect(server.requests).toHaveLength(2)
    const [first, second] = server.requests
    expect(first?.url).toBe('/v1/messages')
    expect(first?.body).toMatchObject({
      model: 'claude-test-1',
      max_tokens: 4096,
      stream: true,
      system: 'You are StudyPulse, a study assistant.',
    })
    expect(first?.body.messages).toEqual([
      {
        role: 'user',
        content: [{ type: 'text', text: 'Add a task: Réviser chapitre 3, importance 4' }],
      },
    ])
    const tools = first?.body.tools as Array<Record<string, unknown>>
    expect(tools.map((t) => t.name)).toEqual(rt.tools.definitions().map((d) => d.name))
    for (const tool of tools) {
      expect(tool).toMatchObject({ input_schema: { type: 'object' } })
      expect(tool.input_schema).not.toHaveProperty('$schema')
    }

    expect(second?.body.system).toBe('You are StudyPulse, a study assistant.')
    const [user, assistant, results, ...rest] = second?.body.messages ?? []
    expect(rest).toEqual([])
    expect(user.role).toBe('user')
    expect(assistant).toEqual({
      role: 'assistant',
      content: [
        { type: 'text', text: "I'll look at your list and add it." },
        { type: 'tool_use', id: 'toolu_list', name: 'list_tasks', input: {} },
        {
          type: 'tool_use',
          id: 'toolu_create',
          name: 'create_task',
          input: { title: 'Réviser chapitre 3', importance: 4 },
        },
      ],
    })
    // Both results travel in one user message, each bound to its tool_use id.
    expect(results.role).toBe('user')
    expect(
      results.content.map((b: Record<string, unknown>) => [b.type, b.tool_use_id, b.is_error]),
    ).toEqual([
      ['tool_result', 'toolu_list', undefined],
      ['tool_result', 'toolu_create', undefined],
    ])
    expect(JSON.parse(results.content[1].content)).toMatchObject({
      ok: true,
      data: { title: 'Réviser chapitre 3', importance: 4 },
    })
  })

  it('a denial goes back as a tool_result with is_error: true and nothing is written', async () => {
    server.reply(sseReply(toolTurn()), sseReply(textTurn(['All right, ', 'I left them alone.'])))
    const rt = runtime()
    const runId = rt.startRun({ input: 'Add a task: Réviser chapitre 3' })
    await waitForRun(rt, runId, 'awaitingConfirmation')
    await rt.submitConfirmation(runId, pendingId(rt, runId), 'deny')
    await waitForRun(rt, runId, 'awaitingInput')

    expect(await ws.readTasks()).toEqual([])
    const results = server.requests[1]?.body.messages[2]
    expect(results.content).toEqual([
      { type: 'tool_result', tool_use_id: 'toolu_list', content: expect.any(String) },
      {
        type: 'tool_result',
        tool_use_id: 'toolu_create',
        content: expect.any(String),
        is_error: true,
      },
    ])
    expect(JSON.parse(results.content[1].content)).toMatchObject({
      ok: false,
      error: { code: 'user_denied' },
    })
    expect(streamedTurns(deliveredEvents(rt, runId)).at(-1)?.final).toBe(
      'All right, I left them alone.',
    )
  })
})
