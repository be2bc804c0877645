import type { Message } from '@anthropic-ai/sdk/resources/messages'
import type { ModelTurn, ToolCall } from '../vocabulary/ChatMessage.ts'
import { stringifyBounded } from './stringifyBounded.ts'

/** Reads the turn out of a non-streamed Messages API answer; `arguments` is the JSON of `input`. */
export function fromAnthropicMessage(message: Message): ModelTurn {
  let text = ''
  const toolCalls: ToolCall[] = []
  for (const block of message.content ?? []) {
    if (block.type === 'text') text += block.text
    else if (block.type === 'tool_use') {
      toolCalls.push({
        id: block.id,
        name: block.name,
        arguments: stringifyBounded(block.input ?? {}) ?? '{}',
      })
    }
  }
  return {
    ...(text !== '' && { text }),
    ...(toolCalls.length > 0 && { toolCalls }),
  }
}
