import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ModelRequest } from '../../../models/messages.ts'
import { anthropicEvents, anthropicSse } from './anthropicWire.ts'
import {
  type FakeModelServer,
  jsonReply,
  sseReply,
  startFakeModelServer,
} from './fakeModelServer.ts'
import { openAIChunk, openAICompletion, openAISse, openAIUsageChunk } from './openAIWire.ts'
import {
  aiSdkAnthropicKit,
  aiSdkCompatibleKit,
  aiSdkOpenAIKit,
  aiSdkV2Kit,
  aiSdkV3Kit,
  anthropicKit,
  openAIKit,
} from './protocolKits.ts'

let server: FakeModelServer
beforeEach(async () => {
  server = await startFakeModelServer()
})
afterEach(() => server.close())

function request(): ModelRequest {
  return {
    messages: [{ role: 'user', content: 'hi' }],
    tools: [],
    signal: new AbortController().signal,
  }
}

/** A streamed OpenAI answer followed by the usage chunk `include_usage` asks for. */
function streamWithUsage(usage: Record<string, unknown>): string {
  return openAISse([
    openAIChunk({ role: 'assistant', content: '' }),
    openAIChunk({ content: 'Counted.' }),
    openAIChunk({}, 'stop'),
    openAIUsageChunk({ ...usage }),
  ])
}

describe('token usage, as each protocol reports it', () => {
  it.each([openAIKit, aiSdkOpenAIKit, aiSdkCompatibleKit, aiSdkV3Kit, aiSdkV2Kit])(
    '$label: a stream’s closing usage chunk becomes the turn’s usage',
    async (kit) => {
      server.reply(
        sseReply(streamWithUsage({ prompt_tokens: 31, completion_tokens: 7, total_tokens: 38 })),
      )
      const turn = await kit.client(server.url).complete(request())
      expect(turn).toEqual({ text: 'Counted.', usage: { inputTokens: 31, outputTokens: 7 } })
    },
  )

  it('OpenAI: a streamed call asks the server for the usage chunk', async () => {
    server.reply(sseReply(streamWithUsage({ prompt_tokens: 1, completion_tokens: 1 })))
    await openAIKit.client(server.url).complete(request())
    expect(server.requests[0]?.body).toMatchObject({
      stream: true,
      stream_options: { include_usage: true },
    })
  })

  it.each([openAIKit, anthropicKit, aiSdkOpenAIKit, aiSdkAnthropicKit, aiSdkV3Kit, aiSdkV2Kit])(
    '$label: a non-streamed answer’s usage becomes the turn’s usage',
    async (kit) => {
      server.reply(jsonReply(200, kit.completion('Counted.', [])))
      const turn = await kit.client(server.url, { stream: false }).complete(request())
      expect(turn.usage).toEqual(kit.completionUsage)
    },
  )

  it.each([anthropicKit, aiSdkAnthropicKit])(
    '$label: input from message_start, output from message_delta',
    async (kit) => {
      server.reply(sseReply(anthropicSse(anthropicEvents([{ text: ['Counted.'] }]))))
      const turn = await kit.client(server.url).complete(request())
      expect(turn).toEqual({ text: 'Counted.', usage: { inputTokens: 120, outputTokens: 42 } })
    },
  )

  it('Anthropic: tokens read from and written to the prompt cache count as input', async () => {
    const events = anthropicEvents([{ text: ['Cached.'] }])
    const start = events[0] as { message: { usage: Record<string, number> } }
    start.message.usage = {
      input_tokens: 20,
      cache_read_input_tokens: 900,
      cache_creation_input_tokens: 80,
      output_tokens: 1,
    }
    server.reply(sseReply(anthropicSse(events)))
    const turn = await anthropicKit.client(server.url).complete(request())
    expect(turn.usage).toEqual({ inputTokens: 1000, outputTokens: 42 })
  })

  it('counts that are not whole non-negative numbers are left unknown; the turn is kept', async () => {
    server.reply(
      sseReply(streamWithUsage({ prompt_tokens: 'lots', completion_tokens: 5 })),
      sseReply(streamWithUsage({ prompt_tokens: -3, completion_tokens: 1.5 })),
      jsonReply(200, { ...openAICompletion({ content: 'No usage.' }), usage: null }),
    )
    const client = openAIKit.client(server.url)
    expect(await client.complete(request())).toEqual({
      text: 'Counted.',
      usage: { outputTokens: 5 },
    })
    expect(await client.complete(request())).toEqual({ text: 'Counted.' })
    const plain = openAIKit.client(server.url, { stream: false })
    expect(await plain.complete(request())).toEqual({ text: 'No usage.' })
  })
})
