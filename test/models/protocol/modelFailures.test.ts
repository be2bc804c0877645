import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ModelError } from '../../../models/ModelError.ts'
import type { ModelRequest } from '../../../models/messages.ts'
import type { RetryPolicy } from '../../../models/withRetries.ts'
import {
  bytesThrough,
  bytesThroughEvent,
  type FakeModelServer,
  jsonReply,
  silentReply,
  sseReply,
  startFakeModelServer,
} from './fakeModelServer.ts'
import {
  aiSdkAnthropicKit,
  aiSdkCompatibleKit,
  aiSdkOpenAIKit,
  aiSdkV2Kit,
  aiSdkV3Kit,
  anthropicKit,
  openAIKit,
  usageField,
} from './protocolKits.ts'

let server: FakeModelServer
beforeEach(async () => {
  server = await startFakeModelServer()
})
afterEach(() => server.close())

function request(options: Partial<ModelRequest> = {}): ModelRequest {
  return {
    messages: [{ role: 'user', content: 'hello' }],
    tools: [],
    signal: new AbortController().signal,
    ...options,
  }
}

/** A retry policy whose sleeps are recorded and return at once; jitter is fixed at its lowest. */
function recordedRetry(overrides: Partial<RetryPolicy> = {}) {
  const sleeps: number[] = []
  const retry: Partial<RetryPolicy> = {
    sleep: async (ms) => {
      sleeps.push(ms)
    },
    random: () => 0,
    ...overrides,
  }
  return { sleeps, retry }
}

async function failure(promise: Promise<unknown>): Promise<ModelError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(ModelError)
  return error as ModelError
}

const kits = [
  openAIKit,
  anthropicKit,
  aiSdkOpenAIKit,
  aiSdkCompatibleKit,
  aiSdkAnthropicKit,
  aiSdkV3Kit,
  aiSdkV2Kit,
]

describe.each(kits)('$label client failures', (kit) => {
  it('429 with retry-after: waits what the server asked, then succeeds', async () => {
    server.reply(
      jsonReply(429, kit.errorBody(429), { 'retry-after': '2' }),
      sseReply(kit.textStream(['Back ', 'again.'])),
    )
    const { sleeps, retry } = recordedRetry()
    const turn = await kit.client(server.url, { retry }).complete(request())
    expect(turn).toEqual({ text: 'Back again.', ...usageField(kit.streamUsage) })
    expect(sleeps).toEqual([2000])
    expect(server.requests).toHaveLength(2)
  })

  it('500 three times, then success: backs off exponentially and answers', async () => {
    server.reply(
      jsonReply(500, kit.errorBody(500)),
      jsonReply(500, kit.errorBody(500)),
      jsonReply(500, kit.errorBody(500)),
      sseReply(kit.textStream(['Finally.'])),
    )
    const { sleeps, retry } = recordedRetry()
    const turn = await kit.client(server.url, { retry }).complete(request())
    expect(turn).toEqual({ text: 'Finally.', ...usageField(kit.streamUsage) })
    expect(sleeps).toEqual([250, 500, 1000])
    expect(server.requests).toHaveLength(4)
  })

  it('jitter spreads the backoff between half and all of the doubled delay', async () => {
    server.reply(jsonReply(503, kit.errorBody(503)), sseReply(kit.textStream(['ok'])))
    const { sleeps, retry } = recordedRetry({ random: () => 0.5, baseDelayMs: 1000 })
    await kit.client(server.url, { retry }).complete(request())
    expect(sleeps).toEqual([750])
  })

  it('500 on every attempt: gives up after maxAttempts with model_unavailable', async () => {
    server.reply(
      jsonReply(500, kit.errorBody(500)),
      jsonReply(500, kit.errorBody(500)),
      jsonReply(500, kit.errorBody(500)),
    )
    const { sleeps, retry } = recordedRetry({ maxAttempts: 3 })
    const error = await failure(kit.client(server.url, { retry }).complete(request()))
    expect(error.code).toBe('model_unavailable')
    expect(error.status).toBe(500)
    expect(error.message).toContain('3 attempts')
    expect(server.requests).toHaveLength(3)
    expect(sleeps).toHaveLength(2)
  })

  it('a retry-after longer than the policy allows ends the call at once', async () => {
    server.reply(jsonReply(429, kit.errorBody(429), { 'retry-after': '3600' }))
    const { sleeps, retry } = recordedRetry()
    const error = await failure(kit.client(server.url, { retry }).complete(request()))
    expect(error.code).toBe('model_unavailable')
    expect(error.status).toBe(429)
    expect(sleeps).toEqual([])
    expect(server.requests).toHaveLength(1)
  })

  it('401: model_auth naming the key variable, not retried', async () => {
    server.reply(jsonReply(401, kit.errorBody(401)))
    const { sleeps, retry } = recordedRetry()
    const error = await failure(kit.client(server.url, { retry }).complete(request()))
    expect(error.code).toBe('model_auth')
    expect(error.status).toBe(401)
    expect(error.message).toContain(kit.keyVariable)
    expect(sleeps).toEqual([])
    expect(server.requests).toHaveLength(1)
  })

  it('403: model_auth too', async () => {
    server.reply(jsonReply(403, kit.errorBody(403)))
    const error = await failure(kit.client(server.url).complete(request()))
    expect(error.code).toBe('model_auth')
  })

  it('404: model_not_found at once, not retried', async () => {
    server.reply(jsonReply(404, kit.errorBody(404)))
    const { sleeps, retry } = recordedRetry()
    const error = await failure(kit.client(server.url, { retry }).complete(request()))
    expect(error.code).toBe('model_not_found')
    expect(error.status).toBe(404)
    expect(sleeps).toEqual([])
    expect(server.requests).toHaveLength(1)
  })

  it('400: model_bad_request, not retried', async () => {
    server.reply(jsonReply(400, kit.errorBody(400)))
    const { sleeps, retry } = recordedRetry()
    const error = await failure(kit.client(server.url, { retry }).complete(request()))
    expect(error.code).toBe('model_bad_request')
    expect(sleeps).toEqual([])
  })

  it('a server that is not there: retried, then model_unavailable', async () => {
    const url = server.url
    await server.close()
    const { sleeps, retry } = recordedRetry({ maxAttempts: 2 })
    const error = await failure(kit.client(url, { retry }).complete(request()))
    expect(error.code).toBe('model_unavailable')
    expect(sleeps).toEqual([250])
    server = await startFakeModelServer()
  })

  it('a stream cut inside a tool call rejects; no half call, no retry', async () => {
    const body = kit.toolStream('Adding it.', 'call_cut', ['{"title":"R\\u00', 'e9viser"}'])
    server.reply(sseReply(body, { stopAfterBytes: bytesThrough(body, 'R\\\\u00'), onStop: 'cut' }))
    const deltas: string[] = []
    const { sleeps, retry } = recordedRetry()
    const error = await failure(
      kit.client(server.url, { retry }).complete(request({ onTextDelta: (d) => deltas.push(d) })),
    )
    expect(error.code).toBe('model_stream_interrupted')
    expect(deltas.join('')).toBe('Adding it.')
    expect(sleeps).toEqual([])
    expect(server.requests).toHaveLength(1)
  })

  it('a stream that ends cleanly but early rejects as interrupted', async () => {
    const body = kit.toolStream('Adding it.', 'call_short', ['{"title":"Short"}'])
    // Every event sent is whole: only the missing end (finish_reason, message_stop) gives it away.
    server.reply(
      sseReply(body, { stopAfterBytes: bytesThroughEvent(body, 'Short'), onStop: 'end' }),
    )
    const error = await failure(kit.client(server.url).complete(request()))
    expect(error.code).toBe('model_stream_interrupted')
  })

  it('aborting mid-stream aborts the HTTP request and rejects with model_aborted', async () => {
    const body = kit.textStream(['First words', ' and then a long pause'])
    server.reply(
      sseReply(body, { stopAfterBytes: bytesThroughEvent(body, 'First words'), onStop: 'hang' }),
    )
    const controller = new AbortController()
    let firstDelta: () => void = () => {}
    const started = new Promise<void>((resolve) => {
      firstDelta = resolve
    })
    const pending = kit
      .client(server.url)
      .complete(request({ signal: controller.signal, onTextDelta: () => firstDelta() }))
    await started
    controller.abort()
    const error = await failure(pending)
    expect(error.code).toBe('model_aborted')
    await server.hungUp()
    expect(server.hangUps).toBe(1)
  })

  it('an abort during the backoff wait rejects with model_aborted and sends nothing more', async () => {
    server.reply(jsonReply(503, kit.errorBody(503)))
    const controller = new AbortController()
    const retry: Partial<RetryPolicy> = {
      sleep: (_ms, signal) =>
        new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () => reject(signal.reason), { once: true })
          controller.abort()
        }),
    }
    const error = await failure(
      kit.client(server.url, { retry }).complete(request({ signal: controller.signal })),
    )
    expect(error.code).toBe('model_aborted')
    expect(server.requests).toHaveLength(1)
  })

  it('no answer within the time limit: model_timeout, per request', async () => {
    server.reply(silentReply)
    const { retry } = recordedRetry()
    const error = await failure(
      kit.client(server.url, { retry }).complete(request({ timeoutMs: 200 })),
    )
    expect(error.code).toBe('model_timeout')
    expect(error.message).toContain('200 ms')
    expect(server.requests).toHaveLength(1)
  })

  it('a stream that stalls past the time limit: model_timeout', async () => {
    const body = kit.textStream(['Thinking', ' forever'])
    server.reply(
      sseReply(body, { stopAfterBytes: bytesThroughEvent(body, 'Thinking'), onStop: 'hang' }),
    )
    const deltas: string[] = []
    const error = await failure(
      kit
        .client(server.url, { timeoutMs: 200 })
        .complete(request({ onTextDelta: (d) => deltas.push(d) })),
    )
    expect(deltas).toEqual(['Thinking'])
    expect(error.code).toBe('model_timeout')
  })

  it('non-streaming JSON: text and parallel tool calls', async () => {
    const calls = [
      { id: 'call_a', name: 'list_tasks', arguments: '{}' },
      { id: 'call_b', name: 'create_task', arguments: '{"title":"Réviser"}' },
    ]
    server.reply(jsonReply(200, kit.completion('Two things.', calls)))
    const deltas: string[] = []
    const turn = await kit
      .client(server.url, { stream: false })
      .complete(request({ onTextDelta: (d) => deltas.push(d) }))
    expect(turn).toEqual({
      text: 'Two things.',
      toolCalls: calls,
      usage: kit.completionUsage,
    })
    expect(deltas).toEqual([])
    expect(server.requests[0]?.body.stream ?? false).toBe(false)
  })

  it('malformed calls (non-JSON arguments, unknown tool, duplicate ids) are passed through as-is', async () => {
    const calls = [
      { id: 'dup', name: 'create_task', arguments: '{"title": unquoted}' },
      { id: 'dup', name: 'launch_rockets', arguments: '{}' },
    ]
    server.reply(sseReply(kit.callsStream(calls)))
    const turn = await kit.client(server.url).complete(request())
    if (!kit.renamesRepeatedCallIds) {
      expect(turn).toEqual({ toolCalls: calls, ...usageField(kit.streamUsage) })
      return
    }
    // The runtime tells calls apart by id; a client that renames the repeat keeps all else as sent.
    const [first, second] = turn.toolCalls ?? []
    expect(first).toEqual(calls[0])
    expect(second).toMatchObject({ name: 'launch_rockets', arguments: '{}' })
    expect(second?.id).not.toBe('dup')
  })
})

describe('protocol-specific stream errors', () => {
  it.each([anthropicKit, aiSdkAnthropicKit])(
    '$label: an `event: error` mid-stream (overloaded) is a broken turn',
    async (kit) => {
      const body = kit.textStream(['Half an ', 'answer'])
      const cut = bytesThrough(body, 'Half an ')
      const error = JSON.stringify({
        type: 'error',
        error: { type: 'overloaded_error', message: 'Overloaded' },
      })
      server.reply(sseReply(`${body.slice(0, cut)}"}}\n\nevent: error\ndata: ${error}\n\n`))
      const failureOf = await failure(kit.client(server.url).complete(request()))
      expect(failureOf.code).toBe('model_stream_interrupted')
    },
  )

  it.each([openAIKit, aiSdkOpenAIKit, aiSdkCompatibleKit, aiSdkV3Kit, aiSdkV2Kit])(
    '$label: an error object mid-stream is a broken turn',
    async (kit) => {
      const body = kit.textStream(['Half an ', 'answer'])
      const cut = bytesThrough(body, 'data: [DONE]') - 'data: [DONE]'.length
      const error = JSON.stringify({
        error: { message: 'The server had an error', type: 'server_error' },
      })
      server.reply(
        sseReply(
          `${body.slice(0, cut).replace(/data: \{[^\n]*"stop"[^\n]*\n\n$/, '')}data: ${error}\n\n`,
        ),
      )
      const failureOf = await failure(kit.client(server.url).complete(request()))
      expect(failureOf.code).toBe('model_stream_interrupted')
    },
  )
})
