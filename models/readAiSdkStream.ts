import type {
  LanguageModelV2Content,
  LanguageModelV2StreamPart,
  LanguageModelV3Content,
  LanguageModelV3StreamPart,
  LanguageModelV4Content,
  LanguageModelV4StreamPart,
} from '@ai-sdk/provider'
import type { ModelTurn, TokenUsage, ToolCall } from '../vocabulary/ChatMessage.ts'
import { ModelError } from './ModelError.ts'
import { tokenUsage } from './tokenUsage.ts'

/** A stream part of any AI SDK language model specification version we read. */
export type AiSdkStreamPart =
  | LanguageModelV2StreamPart
  | LanguageModelV3StreamPart
  | LanguageModelV4StreamPart

/** A content part of a non-streamed AI SDK answer. */
export type AiSdkContent = LanguageModelV2Content | LanguageModelV3Content | LanguageModelV4Content

// How a provider says the answer did not end properly: v4 `interrupted` (no completion signal),
// `error`, and v2's `unknown`, which v2 providers keep when no finish reason ever arrived.
const brokenFinish = new Set(['interrupted', 'error', 'unknown'])

/**
 * Assembles a provider's `doStream` parts into one turn: text deltas go to `onTextDelta` as they
 * arrive, reasoning deltas are joined into the turn's reasoning, `tool-call` parts (whole calls, arguments as the model wrote them) become tool calls.
 * An `error` part, a missing `finish` or a finish that says the stream broke off rejects, so no
 * half turn is ever returned.
 */
export async function readAiSdkStream(
  stream: ReadableStream<AiSdkStreamPart>,
  name: string,
  onTextDelta?: (delta: string) => void,
): Promise<ModelTurn> {
  const reader = stream.getReader()
  let text = ''
  let reasoning = ''
  const toolCalls: ToolCall[] = []
  let finish: string | undefined
  let usage: TokenUsage | undefined
  try {
    for (;;) {
      const { done, value: part } = await reader.read()
      if (done) break
      switch (part.type) {
        case 'text-delta':
          // Providers pass on the empty content of a first chunk; it is no delta.
          if (part.delta === '') break
          text += part.delta
          onTextDelta?.(part.delta)
          break
        case 'reasoning-start':
          // Separate reasoning blocks stay apart as paragraphs.
          if (reasoning !== '' && !reasoning.endsWith('\n\n')) reasoning += '\n\n'
          break
        case 'reasoning-delta':
          reasoning += part.delta
          break
        case 'tool-call':
          // A tool the provider ran itself (web search, code interpreter) is not ours to run.
          if (part.providerExecuted !== true) toolCalls.push(toolCallOf(part))
          break
        case 'error':
          throw new ModelError(
            'model_stream_interrupted',
            `${name}: the answer stream broke off before the turn was complete (${describe(part.error)}).`,
          )
        case 'finish':
          finish =
            typeof part.finishReason === 'string' ? part.finishReason : part.finishReason.unified
          usage = aiSdkUsage(part.usage)
          break
      }
    }
  } catch (error) {
    // Stop the provider's request: nothing more of this answer will be read.
    await reader.cancel().catch(() => {})
    throw error
  } finally {
    reader.releaseLock()
  }
  if (finish === undefined || brokenFinish.has(finish)) {
    throw new ModelError(
      'model_stream_interrupted',
      `${name}: the answer stream ended before the turn was complete.`,
    )
  }
  return turnOf(text, toolCalls, usage, reasoning.trim())
}

/** Reads the turn out of a provider's `doGenerate` content and usage. */
export function fromAiSdkContent(content: readonly AiSdkContent[], usage?: unknown): ModelTurn {
  let text = ''
  const reasoning: string[] = []
  const toolCalls: ToolCall[] = []
  for (const part of content) {
    if (part.type === 'text') text += part.text
    else if (part.type === 'reasoning') reasoning.push(part.text)
    else if (part.type === 'tool-call' && part.providerExecuted !== true) {
      toolCalls.push(toolCallOf(part))
    }
  }
  return turnOf(text, toolCalls, aiSdkUsage(usage), reasoning.join('\n\n').trim())
}

/**
 * The token counts of a provider's usage: a plain number per direction in specification v2, an
 * object whose `total` is the count in v3 and v4.
 */
function aiSdkUsage(usage: unknown): TokenUsage | undefined {
  const { inputTokens, outputTokens } = (usage ?? {}) as Record<string, unknown>
  const total = (count: unknown) =>
    count !== null && typeof count === 'object' ? (count as { total?: unknown }).total : count
  return tokenUsage(total(inputTokens), total(outputTokens))
}

function toolCallOf(part: { toolCallId: string; toolName: string; input: string }): ToolCall {
  // A call to a tool without parameters may arrive with no argument text at all.
  return {
    id: part.toolCallId,
    name: part.toolName,
    arguments: part.input === '' ? '{}' : part.input,
  }
}

function turnOf(
  text: string,
  toolCalls: ToolCall[],
  usage: TokenUsage | undefined,
  reasoning: string,
): ModelTurn {
  return {
    ...(text !== '' && { text }),
    ...(reasoning !== '' && { reasoning }),
    ...(toolCalls.length > 0 && { toolCalls }),
    ...(usage !== undefined && { usage }),
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message
  const message = (error as { message?: unknown } | null)?.message
  return typeof message === 'string' ? message : (JSON.stringify(error) ?? String(error))
}
