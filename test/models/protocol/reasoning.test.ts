// A model's reasoning, as each client reads it off its protocol: the AI SDK adapter from a
// provider's `reasoning` parts, the OpenAI-compatible client from `reasoning_content` /
// `reasoning` beside `content` (llama.cpp, vLLM, DeepSeek), the Anthropic client from thinking
// blocks. Each comes out as the turn's reasoning, logged before the answer and kept with it.
import type { LanguageModelV4StreamPart } from '@ai-sdk/provider'
import { convertArrayToReadableStream, MockLanguageModelV4 } from 'ai/test'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createModelClient } from '../../../models/createModelClient.ts'
import { fromAiSdk } from '../../../models/fromAiSdk.ts'
import type { ModelClient } from '../../../models/messages.ts'
import type { AgentRuntime } from '../../../runtime/AgentRuntime.ts'
import { waitForRun } from '../../../runtime/waitForRun.ts'
import { makeRuntime } from '../../helpers/runHarness.ts'
import { tempWorkspace } from '../../helpers/tempWorkspace.ts'
import { anthropicMessage, anthropicSse } from './anthropicWire.ts'
import {
  type FakeModelServer,
  jsonReply,
  sseReply,
  startFakeModelServer,
} from './fakeModelServer.ts'
import { openAIChunk, openAICompletion, openAISse } from './openAIWire.ts'

let server: FakeModelServer
beforeEach(async () => {
  server = await startFakeModelServer()
})
const runtimes: AgentRuntime[] = []
const folders: Array<() => Promise<void>> = []
afterEach(async () => {
  await Promise.all(runtimes.splice(0).map((rt) => rt.flush()))
  await server.close()
  await Promise.all(folders.splice(0).map((dispose) => dispose()))
})

/** Runs one message to the model's answer; returns the log's kinds and texts, and the kept message. */
async function answerOf(model: ModelClient) {
  // A folder per run: each runtime keeps its runs in its own store.
  const { ws, dispose } = await tempWorkspace()
  folders.push(dispose)
  const runtime = makeRuntime(model, ws)
  runtimes.push(runtime)
  const runId = runtime.startRun({ input: 'hello' })
  await waitForRun(runtime, runId, 'awaitingInput')
  const view = runtime.view(runId)
  const said = view.events
    .filter((e) => e.kind === 'assistantReasoning' || e.kind === 'assistantMessage')
    .map((e) => [e.kind, e.text])
  return { said, kept: view.messages.at(-1) }
}

// The chunk of a streamed Chat Completions answer with fields a compatible server adds to `delta`.
function withDelta(extra: Record<string, unknown>): object {
  const chunk = openAIChunk({}) as { choices: [{ delta: object }] }
  chunk.choices[0].delta = { ...chunk.choices[0].delta, ...extra }
  return chunk
}

const usage = {
  inputTokens: { total: 3, noCache: 3, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 2, reasoning: 3 },
}

describe('the AI SDK adapter (fromAiSdk) reads a provider’s reasoning parts', () => {
  it('streamed: reasoning deltas of two blocks become the turn’s reasoning, logged before the answer', async () => {
    const parts: LanguageModelV4StreamPart[] = [
      { type: 'stream-start', warnings: [] },
      { type: 'reasoning-start', id: 'r1' },
      { type: 'reasoning-delta', id: 'r1', delta: 'The person ' },
      { type: 'reasoning-delta', id: 'r1', delta: 'says hello.' },
      { type: 'reasoning-end', id: 'r1' },
      { type: 'reasoning-start', id: 'r2' },
      { type: 'reasoning-delta', id: 'r2', delta: 'No tool is needed.' },
      { type: 'reasoning-end', id: 'r2' },
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: 'Hello!' },
      { type: 'text-end', id: 't' },
      { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage },
    ]
    const model = new MockLanguageModelV4({
      doStream: async () => ({ stream: convertArrayToReadableStream(parts) }),
    })
    const reasoning = 'The person says hello.\n\nNo tool is needed.'
    const { said, kept } = await answerOf(fromAiSdk(model))
    expect(said).toEqual([
      ['assistantReasoning', reasoning],
      ['assistantMessage', 'Hello!'],
    ])
    expect(kept).toEqual({ role: 'assistant', content: 'Hello!', reasoning })
  })

  it('generated: reasoning content parts become the turn’s reasoning; none gives none', async () => {
    const model = new MockLanguageModelV4({
      doGenerate: async () => ({
        content: [
          { type: 'reasoning', text: 'Think first.' },
          { type: 'text', text: 'Hi.' },
        ],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage,
        warnings: [],
      }),
    })
    const client = fromAiSdk(model, { stream: false })
    const turn = await client.complete({
      messages: [{ role: 'user', content: 'hi' }],
      tools: [],
      signal: new AbortController().signal,
    })
    expect(turn).toMatchObject({ text: 'Hi.', reasoning: 'Think first.' })
    const plain = new MockLanguageModelV4({
      doGenerate: async () => ({
        content: [{ type: 'text', text: 'Hi.' }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage,
        warnings: [],
      }),
    })
    const none = await fromAiSdk(plain, { stream: false }).complete({
      messages: [{ role: 'user', content: 'hi' }],
      tools: [],
      signal: new AbortController().signal,
    })
    expect(none).not.toHaveProperty('reasoning')
  })
})

describe('the OpenAI-compatible client reads reasoning beside content, from a local server', () => {
  const openAI = (stream = true) =>
    createModelClient({
      provider: 'openai-compatible',
      model: 'qwen3',
      apiKey: 'sk-test',
      baseURL: `${server.url}/v1`,
      stream,
    })

  it('streamed reasoning_content (llama.cpp, vLLM, DeepSeek) comes before the answer', async () => {
    server.reply(
      sseReply(
        openAISse([
          openAIChunk({ role: 'assistant', content: '' }),
          withDelta({ reasoning_content: 'The person ', content: null }),
          withDelta({ reasoning_content: 'says hello.', content: null }),
          openAIChunk({ content: 'Hello!' }),
          openAIChunk({}, 'stop'),
        ]),
        { sliceBytes: 9 },
      ),
    )
    const { said, kept } = await answerOf(openAI())
    expect(said).toEqual([
      ['assistantReasoning', 'The person says hello.'],
      ['assistantMessage', 'Hello!'],
    ])
    expect(kept).toMatchObject({ content: 'Hello!', reasoning: 'The person says hello.' })
  })

  it('streamed `reasoning` (OpenRouter, newer vLLM) and a non-streamed message’s reasoning_content', async () => {
    server.reply(
      sseReply(
        openAISse([
          withDelta({ role: 'assistant', reasoning: 'Short thought.' }),
          openAIChunk({ content: 'Hi.' }),
          openAIChunk({}, 'stop'),
        ]),
      ),
    )
    expect((await answerOf(openAI())).said).toEqual([
      ['assistantReasoning', 'Short thought.'],
      ['assistantMessage', 'Hi.'],
    ])
    const completion = openAICompletion({ content: 'Hi again.' }) as {
      choices: [{ message: object }]
    }
    completion.choices[0].message = {
      ...completion.choices[0].message,
      reasoning_content: 'Answer plainly.',
    }
    server.reply(jsonReply(200, completion))
    expect((await answerOf(openAI(false))).said).toEqual([
      ['assistantReasoning', 'Answer plainly.'],
      ['assistantMessage', 'Hi again.'],
    ])
  })

  it('an answer without reasoning logs none', async () => {
    server.reply(sseReply(openAISse([openAIChunk({ content: 'Hi.' }), openAIChunk({}, 'stop')])))
    const { said, kept } = await answerOf(openAI())
    expect(said).toEqual([['assistantMessage', 'Hi.']])
    expect(kept).not.toHaveProperty('reasoning')
  })
})

describe('the Anthropic client reads thinking blocks', () => {
  const anthropic = (stream = true) =>
    createModelClient({
      provider: 'anthropic',
      model: 'claude-sonnet-4-5',
      apiKey: 'sk-ant-test',
      baseURL: server.url,
      stream,
    })

  it('streamed thinking deltas become the turn’s reasoning; a redacted block adds nothing', async () => {
    const start = {
      type: 'message_start',
      message: {
        id: 'msg_test',
        type: 'message',
        role: 'assistant',
        model: 'claude-sonnet-4-5',
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 10, output_tokens: 1 },
      },
    }
    const block = (index: number, content_block: object) => ({
      type: 'content_block_start',
      index,
      content_block,
    })
    const delta = (index: number, d: object) => ({ type: 'content_block_delta', index, delta: d })
    const stop = (index: number) => ({ type: 'content_block_stop', index })
    server.reply(
      sseReply(
        anthropicSse([
          start,
          block(0, { type: 'thinking', thinking: '', signature: '' }),
          delta(0, { type: 'thinking_delta', thinking: 'The person ' }),
          delta(0, { type: 'thinking_delta', thinking: 'says hello.' }),
          delta(0, { type: 'signature_delta', signature: 'sig' }),
          stop(0),
          block(1, { type: 'redacted_thinking', data: 'opaque' }),
          stop(1),
          block(2, { type: 'text', text: '' }),
          delta(2, { type: 'text_delta', text: 'Hello!' }),
          stop(2),
          {
            type: 'message_delta',
            delta: { stop_reason: 'end_turn', stop_sequence: null },
            usage: { output_tokens: 9 },
          },
          { type: 'message_stop' },
        ]),
      ),
    )
    expect((await answerOf(anthropic())).said).toEqual([
      ['assistantReasoning', 'The person says hello.'],
      ['assistantMessage', 'Hello!'],
    ])
  })

  it('a non-streamed message’s thinking blocks', async () => {
    server.reply(
      jsonReply(
        200,
        anthropicMessage([
          { type: 'thinking', thinking: 'Think first.', signature: 'sig' },
          { type: 'text', text: 'Hi.' },
        ]),
      ),
    )
    expect((await answerOf(anthropic(false))).said).toEqual([
      ['assistantReasoning', 'Think first.'],
      ['assistantMessage', 'Hi.'],
    ])
  })
})
