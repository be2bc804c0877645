import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { modelFromEnv } from '../../../models/modelFromEnv.ts'
import type { AgentRuntime } from '../../../runtime/AgentRuntime.ts'
import { waitForRun } from '../../../runtime/waitForRun.ts'
import type { Workspace } from '../../../workspace/Workspace.ts'
import { deliveredEvents, makeRuntime, pendingId } from '../../helpers/runHarness.ts'
import { tempWorkspace } from '../../helpers/tempWorkspace.ts'
import { anthropicEvents, anthropicSse } from './anthropicWire.ts'
import { type FakeModelServer, sseReply, startFakeModelServer } from './fakeModelServer.ts'
import { openAIChunk, openAISse, openAITextStream } from './openAIWire.ts'
import { streamedTurns } from './runEvents.ts'

// The create_task arguments, cut inside a string and inside the `\u00e9` escape.
const createArgs = ['{"ti', 'tle":"R\\u00', 'e9viser chap', 'itre 3","importance":4}']
const input = 'Add a task: Réviser chapitre 3, importance 4'

let server: FakeModelServer
let ws: Workspace
let dispose: () => Promise<void>
beforeEach(async () => {
  server = await startFakeModelServer()
  ;({ ws, dispose } = await tempWorkspace())
})
const runtimes: AgentRuntime[] = []
afterEach(async () => {
  await Promise.all(runtimes.splice(0).map((rt) => rt.flush()))
  await server.close()
  await dispose()
})

/** A run of the model `env` names, up to its first confirmation card. */
async function runToCard(env: Record<string, string>) {
  const runtime = makeRuntime(modelFromEnv(env), ws)
  runtimes.push(runtime)
  const runId = runtime.startRun({ input })
  await waitForRun(runtime, runId, 'awaitingConfirmation')
  return { runtime, runId }
}

describe('AI SDK providers through fromAiSdk, picked by STUDYPULSE_MODEL, through the runtime', () => {
  it('ai-sdk:openai: two streamed calls, the read runs, the write waits for Allow, then the answer streams', async () => {
    server.reply(
      sseReply(
        openAISse([
          openAIChunk({ role: 'assistant', content: '' }),
          openAIChunk({ content: "I'll look at " }),
          openAIChunk({ content: 'your list and add it.' }),
          openAIChunk({
            tool_calls: [{ index: 0, id: 'call_list', name: 'list_tasks', arguments: '{}' }],
          }),
          openAIChunk({
            tool_calls: [{ index: 1, id: 'call_create', name: 'create_task', arguments: '' }],
          }),
          ...createArgs.map((piece) =>
            openAIChunk({ tool_calls: [{ index: 1, arguments: piece }] }),
          ),
          openAIChunk({}, 'tool_calls'),
        ]),
        { sliceBytes: 7 },
      ),
      sseReply(openAITextStream(['Added “Réviser ', 'chapitre 3”.']), { sliceBytes: 5 }),
    )
    const { runtime, runId } = await runToCard({
      STUDYPULSE_MODEL: 'ai-sdk:openai:gpt-4o-mini',
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: `${server.url}/v1`,
    })
    expect(await ws.readTasks()).toEqual([])
    runtime.submitConfirmation(runId, pendingId(runtime, runId), 'allow')
    await waitForRun(runtime, runId, 'awaitingInput')

    const tasks = await ws.readTasks()
    expect(tasks.map((t) => [t.title, t.importance])).toEqual([['Réviser chapitre 3', 4]])
    expect(streamedTurns(deliveredEvents(runtime, runId))).toEqual([
      {
        streamed: "I'll look at your list and add it.",
        final: "I'll look at your list and add it.",
      },
      { streamed: 'Added “Réviser chapitre 3”.', final: 'Added “Réviser chapitre 3”.' },
    ])
    const [first, second] = server.requests
    expect(first?.url).toBe('/v1/chat/completions')
    expect(first?.headers.authorization).toBe('Bearer sk-test')
    expect(first?.body).toMatchObject({ model: 'gpt-4o-mini', stream: true })
    const tools = first?.body.tools as Array<{ function: { name: string; parameters: object } }>
    expect(tools.map((t) => t.function.name)).toEqual(
      runtime.tools.definitions().map((d) => d.name),
    )
    for (const tool of tools) expect(tool.function.parameters).not.toHaveProperty('$schema')
    // The provider sends the calls back as it got them, then one `tool` message per result.
    const messages = second?.body.messages as Array<Record<string, unknown>>
    expect(messages[1]).toMatchObject({
      role: 'assistant',
      content: "I'll look at your list and add it.",
      tool_calls: [
        { id: 'call_list', function: { name: 'list_tasks', arguments: '{}' } },
        { id: 'call_create', function: { name: 'create_task' } },
      ],
    })
    expect(messages.slice(2).map((m) => [m.role, m.tool_call_id])).toEqual([
      ['tool', 'call_list'],
      ['tool', 'call_create'],
    ])
    expect(JSON.parse(messages[3]?.content as string)).toMatchObject({
      ok: true,
      data: { title: 'Réviser chapitre 3', importance: 4 },
    })
  })

  it('ai-sdk:anthropic: a denial goes back as a tool_result with is_error: true and nothing is written', async () => {
    server.reply(
      sseReply(
        anthropicSse(
          anthropicEvents([
            { text: ["I'll add it."] },
            { toolUse: { id: 'toolu_create', name: 'create_task', json: createArgs } },
          ]),
        ),
        { sliceBytes: 9 },
      ),
      sseReply(anthropicSse(anthropicEvents([{ text: ['All right, ', 'I left them alone.'] }]))),
    )
    const { runtime, runId } = await runToCard({
      STUDYPULSE_MODEL: 'ai-sdk:anthropic:claude-test-1',
      ANTHROPIC_API_KEY: 'sk-ant-test',
      ANTHROPIC_BASE_URL: `${server.url}/v1`,
    })
    runtime.submitConfirmation(runId, pendingId(runtime, runId), 'deny')
    await waitForRun(runtime, runId, 'awaitingInput')

    expect(await ws.readTasks()).toEqual([])
    const [first, second] = server.requests
    expect(first?.url).toBe('/v1/messages')
    expect(first?.headers['x-api-key']).toBe('sk-ant-test')
    expect(first?.body).toMatchObject({ model: 'claude-test-1', stream: true })
    expect(second?.body.messages[1]).toMatchObject({
      role: 'assistant',
      content: [
        { type: 'text', text: "I'll add it." },
        {
          type: 'tool_use',
          id: 'toolu_create',
          name: 'create_task',
          input: { title: 'Réviser chapitre 3', importance: 4 },
        },
      ],
    })
    const result = second?.body.messages[2].content[0]
    expect(result).toMatchObject({
      type: 'tool_result',
      tool_use_id: 'toolu_create',
      is_error: true,
    })
    expect(JSON.stringify(result.content)).toContain('user_denied')
    expect(streamedTurns(deliveredEvents(runtime, runId)).at(-1)).toEqual({
      streamed: 'All right, I left them alone.',
      final: 'All right, I left them alone.',
    })
  })

  it('ai-sdk:openai-compatible: a local server named by OPENAI_BASE_URL, no key', async () => {
    server.reply(sseReply(openAITextStream(['Hello ', 'from llama.'])))
    const model = modelFromEnv({
      STUDYPULSE_MODEL: 'ai-sdk:openai-compatible:llama3.1:8b',
      OPENAI_BASE_URL: `${server.url}/v1`,
    })
    expect(model.name).toBe('ai-sdk:openai-compatible:llama3.1:8b')
    const deltas: string[] = []
    const turn = await model.complete({
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'hi' },
      ],
      tools: [],
      signal: new AbortController().signal,
      onTextDelta: (delta) => deltas.push(delta),
    })
    expect(turn).toEqual({ text: 'Hello from llama.' })
    expect(deltas).toEqual(['Hello ', 'from llama.'])
    expect(server.requests[0]?.url).toBe('/v1/chat/completions')
    expect(server.requests[0]?.body).toMatchObject({
      model: 'llama3.1:8b',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'hi' },
      ],
    })
    expect(server.requests[0]?.headers.authorization).toBeUndefined()
  })
})
