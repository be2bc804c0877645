import type { LanguageModelV2, LanguageModelV3, LanguageModelV4 } from '@ai-sdk/provider'
import type { ModelTurn } from '../vocabulary/ChatMessage.ts'
import { defaultModelTimeoutMs, type HttpModelOptions } from './HttpModelOptions.ts'
import { ModelError } from './ModelError.ts'
import type { ModelClient, ModelRequest } from './messages.ts'
import { fromAiSdkContent, readAiSdkStream } from './readAiSdkStream.ts'
import { toAiSdkPrompt, toAiSdkTools } from './toAiSdkPrompt.ts'
import { defaultRetryPolicy, withRetries } from './withRetries.ts'

/** A language model of any AI SDK provider (`@ai-sdk/openai`, `@ai-sdk/anthropic`, ...), spec v2 to v4. */
export type AiSdkLanguageModel = LanguageModelV2 | LanguageModelV3 | LanguageModelV4

/** Settings of a client around an AI SDK model; the provider itself holds the key and address. */
export interface AiSdkModelOptions
  extends Pick<HttpModelOptions, 'timeoutMs' | 'stream' | 'retry'> {
  /** The name shown to the user (default `ai-sdk:<provider>:<model id>`). */
  name?: string
  /** The environment variable that holds the provider's key, named when the server refuses it. */
  keyVariable?: string
  /** The most tokens one answer may have; the provider's default when left out. */
  maxOutputTokens?: number
}

const specificationVersions = new Set(['v2', 'v3', 'v4'])

/**
 * Turns an AI SDK provider's language model into a `ModelClient`: it streams text to
 * `onTextDelta`, returns tool calls with their arguments as the model wrote them, aborts the
 * request with the signal, and retries and fails with the same `ModelError` codes as the other
 * clients. Only the provider specification is used, not the `ai` package.
 */
export function fromAiSdk(model: AiSdkLanguageModel, options: AiSdkModelOptions = {}): ModelClient {
  if (!specificationVersions.has(model.specificationVersion)) {
    throw new ModelError(
      'model_config',
      `ai-sdk:${model.provider}:${model.modelId}: language model specification ${String(model.specificationVersion)} is not supported; use a provider that implements v2, v3 or v4.`,
    )
  }
  const name = options.name ?? `ai-sdk:${model.provider}:${model.modelId}`
  const policy = { ...defaultRetryPolicy, ...options.retry }
  const stream = options.stream ?? true
  // The three specification versions take the same call options for the parts sent here.
  const v4 = model as LanguageModelV4
  return {
    name,
    async complete(request: ModelRequest): Promise<ModelTurn> {
      const timeoutMs = request.timeoutMs ?? options.timeoutMs ?? defaultModelTimeoutMs
      const call = {
        prompt: toAiSdkPrompt(request.messages),
        ...(request.tools.length > 0 && { tools: toAiSdkTools(request.tools) }),
        ...(options.maxOutputTokens !== undefined && { maxOutputTokens: options.maxOutputTokens }),
      }
      return withRetries(
        {
          name,
          ...(options.keyVariable !== undefined && { keyVariable: options.keyVariable }),
          signal: request.signal,
          timeoutMs,
          policy,
          isApiError: (error) => error instanceof ProviderHttpError,
        },
        async (attempt) => {
          let streaming = false
          try {
            if (!stream) {
              const result = await v4.doGenerate({ ...call, abortSignal: attempt.signal })
              return fromAiSdkContent(result.content, result.usage)
            }
            const result = await v4.doStream({ ...call, abortSignal: attempt.signal })
            attempt.streaming()
            streaming = true
            return await readAiSdkStream(result.stream, name, request.onTextDelta)
          } catch (error) {
            // Once the answer streams, any failure is a broken turn, whatever the provider says.
            throw streaming ? error : providerFailure(error, name)
          }
        },
      )
    },
  }
}

/** A provider's HTTP failure in the shape `classifyFailure` reads: status and headers. */
class ProviderHttpError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly headers: Headers,
    cause: unknown,
  ) {
    super(message, { cause })
  }
}

// The AI SDK marks its errors with registered symbols (what its own `isInstance` checks), so
// they are recognised across package copies and versions without importing the package.
const apiCallError = Symbol.for('vercel.ai.error.AI_APICallError')
const loadApiKeyError = Symbol.for('vercel.ai.error.AI_LoadAPIKeyError')

function marked(error: unknown, marker: symbol): error is Error & Record<symbol, unknown> {
  return error instanceof Error && (error as unknown as Record<symbol, unknown>)[marker] === true
}

/** Puts what a provider threw into a form `withRetries` classifies like the SDK clients' errors. */
function providerFailure(error: unknown, name: string): unknown {
  if (marked(error, loadApiKeyError)) {
    return new ModelError('model_auth', `${name}: ${error.message}`)
  }
  if (!marked(error, apiCallError)) return error
  const { statusCode, responseHeaders } = error as {
    statusCode?: unknown
    responseHeaders?: unknown
  }
  const status = typeof statusCode === 'number' ? statusCode : undefined
  if (status !== undefined && status < 300) {
    // The server answered, but with something the provider could not read.
    return new ModelError('model_malformed_output', `${name}: ${error.message}`)
  }
  const headers = new Headers(
    responseHeaders !== null && typeof responseHeaders === 'object'
      ? (responseHeaders as Record<string, string>)
      : {},
  )
  return new ProviderHttpError(error.message, status, headers, error.cause)
}
