import type { ModelTurn } from '../vocabulary/ChatMessage.ts'
import { fromOpenAICompletion } from './fromOpenAICompletion.ts'
import { defaultModelTimeoutMs, type HttpModelOptions } from './HttpModelOptions.ts'
import { type LoadedSdk, loadOpenAI, type OpenAIClient, onFirstUse } from './loadModelSdk.ts'
import type { ModelClient, ModelRequest } from './messages.ts'
import { readOpenAIStream } from './readOpenAIStream.ts'
import { toOpenAIRequest } from './toOpenAIRequest.ts'
import { defaultRetryPolicy, type RetryPolicy, withRetries } from './withRetries.ts'

/** Settings of a Chat Completions client; `keyVariable` is named when the server refuses the key. */
export interface OpenAIChatModelOptions extends HttpModelOptions {
  keyVariable?: string
}

// Local servers ignore the key, but the SDK insists on one.
const placeholderKey = 'no-key'

/** A model behind the OpenAI Chat Completions API: OpenAI itself, Ollama, llama.cpp, vLLM, LM Studio. */
export class OpenAIChatModel implements ModelClient {
  readonly name: string
  readonly #model: string
  readonly #settings: { apiKey: string; baseURL?: string }
  readonly #timeoutMs: number
  readonly #stream: boolean
  readonly #policy: RetryPolicy
  readonly #keyVariable: string

  constructor(options: OpenAIChatModelOptions) {
    this.#model = options.model
    this.name = options.name ?? `openai:${options.model}`
    this.#timeoutMs = options.timeoutMs ?? defaultModelTimeoutMs
    this.#stream = options.stream ?? true
    this.#policy = { ...defaultRetryPolicy, ...options.retry }
    this.#keyVariable = options.keyVariable ?? 'OPENAI_API_KEY'
    this.#settings = {
      apiKey: options.apiKey ?? placeholderKey,
      ...(options.baseURL !== undefined && { baseURL: options.baseURL }),
    }
  }

  // The SDK is loaded on the first call, so constructing a client needs no SDK installed.
  readonly #sdk = onFirstUse(async (): Promise<LoadedSdk<OpenAIClient>> => {
    const { default: OpenAI, APIError } = await loadOpenAI(this.name)
    return {
      // Retries happen in one place, `withRetries`, the same for every provider.
      client: new OpenAI({ ...this.#settings, maxRetries: 0, timeout: this.#timeoutMs }),
      isApiError: (error: unknown) => error instanceof APIError,
    }
  })

  /** Sends the conversation and tools; streams text to `onTextDelta`; resolves with the turn. */
  async complete(request: ModelRequest): Promise<ModelTurn> {
    const { client, isApiError } = await this.#sdk()
    const body = toOpenAIRequest(this.#model, request.messages, request.tools)
    const timeoutMs = request.timeoutMs ?? this.#timeoutMs
    return withRetries(
      {
        name: this.name,
        keyVariable: this.#keyVariable,
        signal: request.signal,
        timeoutMs,
        policy: this.#policy,
        isApiError,
      },
      async (attempt) => {
        // The SDK's own limit is a backstop; the attempt signal enforces ours, streaming included.
        const options = { signal: attempt.signal, timeout: timeoutMs + 1_000 }
        if (!this.#stream) {
          const completion = await client.chat.completions.create(body, options)
          return fromOpenAICompletion(completion, this.name)
        }
        // `include_usage` asks for one last chunk with the token counts (no choices).
        const stream = await client.chat.completions.create(
          { ...body, stream: true, stream_options: { include_usage: true } },
          options,
        )
        attempt.streaming()
        return await readOpenAIStream(stream, this.name, request.onTextDelta)
      },
    )
  }
}
