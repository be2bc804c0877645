import type { ModelTurn } from '../vocabulary/ChatMessage.ts'
import { fromAnthropicMessage } from './fromAnthropicMessage.ts'
import { defaultModelTimeoutMs, type HttpModelOptions } from './HttpModelOptions.ts'
import { type AnthropicClient, type LoadedSdk, loadAnthropic, onFirstUse } from './loadModelSdk.ts'
import { ModelError } from './ModelError.ts'
import type { ModelClient, ModelRequest } from './messages.ts'
import { readAnthropicStream } from './readAnthropicStream.ts'
import { toAnthropicRequest } from './toAnthropicRequest.ts'
import { defaultRetryPolicy, type RetryPolicy, withRetries } from './withRetries.ts'

/** Settings of a Messages API client. */
export interface AnthropicModelOptions extends HttpModelOptions {
  /** The most tokens one answer may have (default 4096); the Messages API requires a limit. */
  maxTokens?: number
}

/** The default answer length limit sent as `max_tokens`. */
export const defaultAnthropicMaxTokens = 4096

/** A model behind the Anthropic Messages API. */
export class AnthropicModel implements ModelClient {
  readonly name: string
  readonly #model: string
  readonly #settings: { apiKey: string; baseURL?: string }
  readonly #timeoutMs: number
  readonly #stream: boolean
  readonly #maxTokens: number
  readonly #policy: RetryPolicy

  constructor(options: AnthropicModelOptions) {
    this.#model = options.model
    this.name = options.name ?? `anthropic:${options.model}`
    this.#timeoutMs = options.timeoutMs ?? defaultModelTimeoutMs
    this.#stream = options.stream ?? true
    this.#maxTokens = options.maxTokens ?? defaultAnthropicMaxTokens
    this.#policy = { ...defaultRetryPolicy, ...options.retry }
    if (options.apiKey === undefined || options.apiKey === '') {
      throw new ModelError(
        'model_auth',
        `${this.name}: no API key; set ANTHROPIC_API_KEY (or pass \`apiKey\`).`,
      )
    }
    this.#settings = {
      // An explicit key keeps the SDK from looking for other credentials on its own.
      apiKey: options.apiKey,
      ...(options.baseURL !== undefined && { baseURL: options.baseURL }),
    }
  }

  // The SDK is loaded on the first call, so constructing a client needs no SDK installed.
  readonly #sdk = onFirstUse(async (): Promise<LoadedSdk<AnthropicClient>> => {
    const { default: Anthropic, APIError } = await loadAnthropic(this.name)
    return {
      // Retries happen in one place, `withRetries`, the same for every provider.
      client: new Anthropic({ ...this.#settings, maxRetries: 0, timeout: this.#timeoutMs }),
      isApiError: (error: unknown) => error instanceof APIError,
    }
  })

  /** Sends the conversation and tools; streams text to `onTextDelta`; resolves with the turn. */
  async complete(request: ModelRequest): Promise<ModelTurn> {
    const { client, isApiError } = await this.#sdk()
    const body = toAnthropicRequest(this.#model, this.#maxTokens, request.messages, request.tools)
    const timeoutMs = request.timeoutMs ?? this.#timeoutMs
    return withRetries(
      {
        name: this.name,
        keyVariable: 'ANTHROPIC_API_KEY',
        signal: request.signal,
        timeoutMs,
        policy: this.#policy,
        isApiError,
      },
      async (attempt) => {
        // The SDK's own limit is a backstop; the attempt signal enforces ours, streaming included.
        const options = { signal: attempt.signal, timeout: timeoutMs + 1_000 }
        if (!this.#stream) {
          return fromAnthropicMessage(await client.messages.create(body, options))
        }
        const stream = await client.messages.create({ ...body, stream: true }, options)
        attempt.streaming()
        return await readAnthropicStream(stream, this.name, request.onTextDelta)
      },
    )
  }
}
