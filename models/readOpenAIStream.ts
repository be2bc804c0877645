import type { ChatCompletionChunk } from 'openai/resources/chat/completions'
import type { ModelTurn, TokenUsage, ToolCall } from '../vocabulary/ChatMessage.ts'
import { ModelError } from './ModelError.ts'
import { tokenUsage } from './tokenUsage.ts'

/**
 * Assembles a streamed Chat Completions answer into one turn: text deltas go to `onTextDelta` as
 * they arrive, reasoning deltas and tool-call fragments are joined (the latter by index). A stream that ends before a
 * `finish_reason` is a broken turn and rejects, so no half tool call is ever returned.
 */
export async function readOpenAIStream(
  chunks: AsyncIterable<ChatCompletionChunk>,
  name: string,
  onTextDelta?: (delta: string) => void,
): Promise<ModelTurn> {
  let text = ''
  let reasoning = ''
  let finished = false
  let usage: TokenUsage | undefined
  const calls = new Map<number, ToolCall>()
  for await (const chunk of chunks) {
    // Sent last, with no choices, when the request asked for it (`stream_options.include_usage`).
    if (chunk.usage) usage = tokenUsage(chunk.usage.prompt_tokens, chunk.usage.completion_tokens)
    for (const choice of chunk.choices ?? []) {
      if (choice.index !== 0 && choice.index !== undefined) continue
      const { delta } = choice
      const piece = (delta?.content ?? '') + (delta?.refusal ?? '')
      if (piece !== '') {
        text += piece
        onTextDelta?.(piece)
      }
      reasoning += reasoningOf(delta)
      for (const fragment of delta?.tool_calls ?? []) addFragment(calls, fragment)
      if (choice.finish_reason) finished = true
    }
  }
  if (!finished) {
    throw new ModelError(
      'model_stream_interrupted',
      `${name}: the answer stream ended before the turn was complete.`,
    )
  }
  const toolCalls = [...calls.entries()]
    .sort(([a], [b]) => a - b)
    // A call to a tool without parameters may arrive with no argument text at all.
    .map(([, call]) => (call.arguments === '' ? { ...call, arguments: '{}' } : call))
  return {
    ...(text !== '' && { text }),
    ...(reasoning !== '' && { reasoning }),
    ...(toolCalls.length > 0 && { toolCalls }),
    ...(usage !== undefined && { usage }),
  }
}

type Fragment = NonNullable<ChatCompletionChunk.Choice.Delta['tool_calls']>[number]

function addFragment(calls: Map<number, ToolCall>, fragment: Fragment): void {
  // Servers that omit `index` send each call whole, so a missing index means a new call.
  const index = typeof fragment.index === 'number' ? fragment.index : calls.size
  const call = calls.get(index) ?? { id: '', name: '', arguments: '' }
  calls.set(index, call)
  if (fragment.id) call.id = fragment.id
  // Names arrive whole (some servers repeat them on every fragment); arguments arrive in pieces.
  if (fragment.function?.name) call.name = fragment.function.name
  if (fragment.function?.arguments) call.arguments += fragment.function.arguments
}

/**
 * The reasoning text of a delta or message, which the OpenAI-compatible servers that show it send
 * beside `content`: `reasoning_content` (DeepSeek, llama.cpp, vLLM) or `reasoning` (OpenRouter,
 * newer vLLM). Not part of OpenAI's own types, so read loosely.
 */
export function reasoningOf(delta: unknown): string {
  const fields = (delta ?? {}) as { reasoning_content?: unknown; reasoning?: unknown }
  if (typeof fields.reasoning_content === 'string') return fields.reasoning_content
  return typeof fields.reasoning === 'string' ? fields.reasoning : ''
}
