import type {
  ContentBlockParam,
  MessageCreateParamsBase,
  MessageParam,
  Tool,
} from '@anthropic-ai/sdk/resources/messages'
import type { ChatMessage } from '../vocabulary/ChatMessage.ts'
import type { ModelToolDefinition } from './messages.ts'
import { isFailedToolResult, toolInputObject } from './toolCallParts.ts'
import { toolParameters } from './toolParameters.ts'

/** The body of a Messages API call, without `stream`. */
export type AnthropicRequestBody = Pick<
  MessageCreateParamsBase,
  'model' | 'max_tokens' | 'system' | 'messages' | 'tools'
>

/**
 * Maps our conversation onto a Messages API body: system messages become `system`, tool calls
 * `tool_use` blocks, tool results `tool_result` blocks (`is_error` when the result is not ok), and
 * consecutive messages of one role, such as several tool results, are merged into one message.
 */
export function toAnthropicRequest(
  model: string,
  maxTokens: number,
  messages: readonly ChatMessage[],
  tools: readonly ModelToolDefinition[],
): AnthropicRequestBody {
  const system = messages.flatMap((m) => (m.role === 'system' ? [m.content] : [])).join('\n\n')
  const merged: MessageParam[] = []
  for (const message of messages) {
    if (message.role === 'system') continue
    const role = message.role === 'assistant' ? 'assistant' : 'user'
    const blocks = toBlocks(message)
    if (blocks.length === 0) continue
    const last = merged.at(-1)
    if (last?.role === role && Array.isArray(last.content)) last.content.push(...blocks)
    else merged.push({ role, content: blocks })
  }
  return {
    model,
    max_tokens: maxTokens,
    ...(system !== '' && { system }),
    messages: merged,
    ...(tools.length > 0 && { tools: tools.map(toAnthropicTool) }),
  }
}

function toBlocks(message: Exclude<ChatMessage, { role: 'system' }>): ContentBlockParam[] {
  switch (message.role) {
    case 'user':
      return message.content === '' ? [] : [{ type: 'text', text: message.content }]
    case 'assistant':
      return [
        ...(message.content === '' ? [] : [{ type: 'text' as const, text: message.content }]),
        ...(message.toolCalls ?? []).map((call) => ({
          type: 'tool_use' as const,
          id: call.id,
          name: call.name,
          input: toolInputObject(call.arguments),
        })),
      ]
    case 'tool':
      return [
        {
          type: 'tool_result',
          tool_use_id: message.toolCallId,
          content: message.content,
          ...(isFailedToolResult(message.content) && { is_error: true }),
        },
      ]
  }
}

function toAnthropicTool(tool: ModelToolDefinition): Tool {
  return {
    name: tool.name,
    description: tool.description,
    input_schema: toolParameters(tool.parameters) as Tool['input_schema'],
  }
}
