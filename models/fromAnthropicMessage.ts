import type { Message } from '@anthropic-ai/sdk/resources/messages'
import type { ModelTurn, ToolCall } from '../vocabulary/ChatMessage.ts'
import { stringifyBounded } from './stringifyBounded.ts'
import { tokenUsage } from './tokenUsage.ts'

/**
 * Reads the turn out of a non-streamed Messages API answer; `arguments` is the JSON of `input`,
 * the `thinking` blocks' text is the turn's reasoning.
 */
export function fromAnthropicMessage(message: Message): ModelTurn {
  let text = ''
  const thinking: string[] = []
  const toolCalls: ToolCall[] = []
  for (const block of message.content ?? []) {
    if (block.type === 'text') text += block.text
    else if (block.type === 'thinking' && block.thinking !== '') thinking.push(block.thinking)
    else if (block.type === 'tool_use') {
      toolCalls.push({
        id: block.id,
        name: block.name,
        arguments: stringifyBounded(block.input ?? {}) ?? '{}',
      })
    }
  }
  const usage = tokenUsage(anthropicInputTokens(message.usage), message.usage?.output_tokens)
  const reasoning = thinking.join('\n\n')
  return {
    ...(text !== '' && { text }),
    ...(reasoning !== '' && { reasoning }),
    ...(toolCalls.length > 0 && { toolCalls }),
    ...(usage !== undefined && { usage }),
  }
}

/**
 * All the input tokens of an Anthropic `usage`: its `input_tokens` leave out the tokens read from
 * or written to the prompt cache, which the call took as input all the same.
 */
export function anthropicInputTokens(usage: unknown): unknown {
  const counts = (usage ?? {}) as Record<string, unknown>
  const input = counts.input_tokens
  if (typeof input !== 'number') return input
  let total = input
  for (const cached of [counts.cache_read_input_tokens, counts.cache_creation_input_tokens]) {
    if (typeof cached === 'number') total += cached
  }
  return total
}
