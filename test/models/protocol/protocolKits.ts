import { createAnthropic } from '@ai-sdk/anthropic'
import { createOpenAI } from '@ai-sdk/openai'
import { createOpenAICompatible } from '@ai-sdk/openai-compatible'
// The same provider as AI SDK 5 and 6 ship it: language model specification v2 and v3.
import { createOpenAICompatible as createCompatibleV2 } from 'ai-sdk-openai-compatible-v2'
import { createOpenAICompatible as createCompatibleV3 } from 'ai-sdk-openai-compatible-v3'
import { AnthropicModel } from '../../../models/AnthropicModel.ts'
import { type AiSdkLanguageModel, fromAiSdk } from '../../../models/fromAiSdk.ts'
import type { HttpModelOptions } from '../../../models/HttpModelOptions.ts'
import type { ModelClient } from '../../../models/messages.ts'
import { OpenAIChatModel } from '../../../models/OpenAIChatModel.ts'
import type { TokenUsage } from '../../../vocabulary/ChatMessage.ts'
import { anthropicError, anthropicEvents, anthropicMessage, anthropicSse } from './anthropicWire.ts'
import {
  openAIChunk,
  openAICompletion,
  openAIError,
  openAISse,
  openAITextStream,
} from './openAIWire.ts'

/** One protocol's wire shapes and client, so a failure test can run against both. */
export interface ProtocolKit {
  label: string
  keyVariable: string
  client(url: string, options?: Partial<HttpModelOptions>): ModelClient
  /** A streamed text-only answer. */
  textStream(pieces: string[]): string
  /** A streamed answer: some text, then a `create_task` call whose arguments arrive in pieces. */
  toolStream(text: string, id: string, argumentPieces: string[]): string
  /** A streamed answer with the given raw tool calls, one after the other. */
  callsStream(calls: Array<{ id: string; name: string; arguments: string }>): string
  /** A non-streamed answer with text and tool calls. */
  completion(text: string, calls: Array<{ id: string; name: string; arguments: string }>): object
  errorBody(status: number): object
  /** The tokens a streamed answer of this kit reports (the OpenAI builders send no usage chunk). */
  streamUsage?: TokenUsage
  /** The tokens a non-streamed answer of this kit reports. */
  completionUsage: TokenUsage
  /** The client gives a repeated tool-call id a fresh one (the AI SDK's OpenAI-wire providers do). */
  renamesRepeatedCallIds?: boolean
}

const anthropicErrorTypes: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  429: 'rate_limit_error',
  500: 'api_error',
  503: 'api_error',
  529: 'overloaded_error',
}

/** OpenAI Chat Completions. */
export const openAIKit: ProtocolKit = {
  label: 'OpenAI',
  keyVariable: 'OPENAI_API_KEY',
  client: (url, options) =>
    new OpenAIChatModel({
      model: 'gpt-4o-mini',
      apiKey: 'sk-test',
      baseURL: `${url}/v1`,
      ...options,
    }),
  textStream: openAITextStream,
  toolStream: (text, id, pieces) =>
    openAISse([
      openAIChunk({ role: 'assistant', content: text }),
      openAIChunk({ tool_calls: [{ index: 0, id, name: 'create_task', arguments: '' }] }),
      ...pieces.map((piece) => openAIChunk({ tool_calls: [{ index: 0, arguments: piece }] })),
      openAIChunk({}, 'tool_calls'),
    ]),
  callsStream: (calls) =>
    openAISse([
      openAIChunk({ role: 'assistant', content: '' }),
      ...calls.map((call, index) =>
        openAIChunk({
          tool_calls: [{ index, id: call.id, name: call.name, arguments: call.arguments }],
        }),
      ),
      openAIChunk({}, 'tool_calls'),
    ]),
  completion: (text, calls) =>
    openAICompletion({ content: text, ...(calls.length > 0 && { tool_calls: calls }) }),
  errorBody: (status) =>
    openAIError(`test error ${status}`, status === 429 ? 'requests' : 'invalid_request_error'),
  completionUsage: { inputTokens: 50, outputTokens: 20 },
}

/** Anthropic Messages. */
export const anthropicKit: ProtocolKit = {
  label: 'Anthropic',
  keyVariable: 'ANTHROPIC_API_KEY',
  client: (url, options) =>
    new AnthropicModel({ model: 'claude-test-1', apiKey: 'sk-ant-test', baseURL: url, ...options }),
  textStream: (pieces) => anthropicSse(anthropicEvents([{ text: pieces }])),
  toolStream: (text, id, pieces) =>
    anthropicSse(
      anthropicEvents([{ text: [text] }, { toolUse: { id, name: 'create_task', json: pieces } }]),
    ),
  callsStream: (calls) =>
    anthropicSse(
      anthropicEvents(
        calls.map((call) => ({
          toolUse: { id: call.id, name: call.name, json: [call.arguments] },
        })),
      ),
    ),
  completion: (text, calls) =>
    anthropicMessage([
      { type: 'text', text },
      ...calls.map((call) => ({
        type: 'tool_use',
        id: call.id,
        name: call.name,
        input: JSON.parse(call.arguments),
      })),
    ]),
  errorBody: (status) =>
    anthropicError(anthropicErrorTypes[status] ?? 'api_error', `test error ${status}`),
  streamUsage: { inputTokens: 120, outputTokens: 42 },
  completionUsage: { inputTokens: 120, outputTokens: 42 },
}

/** An AI SDK provider's model wrapped by `fromAiSdk`, speaking the wire of `kit`. */
function throughAiSdk(
  kit: ProtocolKit,
  label: string,
  model: (url: string) => AiSdkLanguageModel,
): ProtocolKit {
  return {
    ...kit,
    label,
    client: (url, options = {}) =>
      fromAiSdk(model(url), {
        keyVariable: kit.keyVariable,
        ...(options.retry !== undefined && { retry: options.retry }),
        ...(options.timeoutMs !== undefined && { timeoutMs: options.timeoutMs }),
        ...(options.stream !== undefined && { stream: options.stream }),
      }),
  }
}

/** `@ai-sdk/openai` (its Chat Completions model) through `fromAiSdk`. */
export const aiSdkOpenAIKit = {
  ...throughAiSdk(openAIKit, 'AI SDK @ai-sdk/openai', (url) =>
    createOpenAI({ apiKey: 'sk-test', baseURL: `${url}/v1` }).chat('gpt-4o-mini'),
  ),
  renamesRepeatedCallIds: true,
}

/** `@ai-sdk/openai-compatible` through `fromAiSdk`. */
export const aiSdkCompatibleKit = {
  ...throughAiSdk(openAIKit, 'AI SDK @ai-sdk/openai-compatible', (url) =>
    createOpenAICompatible({ name: 'local', apiKey: 'sk-test', baseURL: `${url}/v1` })('llama3.1'),
  ),
  renamesRepeatedCallIds: true,
}

/** `@ai-sdk/anthropic` through `fromAiSdk`. */
export const aiSdkAnthropicKit = throughAiSdk(anthropicKit, 'AI SDK @ai-sdk/anthropic', (url) =>
  createAnthropic({ apiKey: 'sk-ant-test', baseURL: `${url}/v1` })('claude-test-1'),
)

/** `@ai-sdk/openai-compatible` 2 (AI SDK 6, specification v3) through `fromAiSdk`. */
export const aiSdkV3Kit = {
  ...throughAiSdk(openAIKit, 'AI SDK spec v3 (@ai-sdk/openai-compatible 2)', (url) =>
    createCompatibleV3({ name: 'local', apiKey: 'sk-test', baseURL: `${url}/v1` })('llama3.1'),
  ),
  renamesRepeatedCallIds: true,
}

/** `@ai-sdk/openai-compatible` 1 (AI SDK 5, specification v2) through `fromAiSdk`. */
export const aiSdkV2Kit = {
  ...throughAiSdk(openAIKit, 'AI SDK spec v2 (@ai-sdk/openai-compatible 1)', (url) =>
    createCompatibleV2({ name: 'local', apiKey: 'sk-test', baseURL: `${url}/v1` })('llama3.1'),
  ),
  renamesRepeatedCallIds: true,
}

/** The `usage` field a turn of `kit` has for `usage`, spread into an expected turn. */
export function usageField(usage: TokenUsage | undefined): { usage?: TokenUsage } {
  return usage === undefined ? {} : { usage }
}
