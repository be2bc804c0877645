import type {
  ChatCompletionCreateParamsBase,
  ChatCompletionFunctionTool,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions'
import type { ChatMessage } from '../vocabulary/ChatMessage.ts'
import type { ModelToolDefinition } from './messages.ts'
import { toolParameters } from './toolParameters.ts'

/** The body of a Chat Completions call, without `stream`. */
export type OpenAIRequestBody = Pick<ChatCompletionCreateParamsBase, 'model' | 'messages' | 'tools'>

/** Maps our conversation and tools onto a Chat Completions request body. */
export function toOpenAIRequest(
  model: string,
  messages: readonly ChatMessage[],
  tools: readonly ModelToolDefinition[],
): OpenAIRequestBody {
  return {
    model,
    messages: messages.map(toOpenAIMessage),
    // Some local servers reject an empty `tools` list, so it is left out when there are none.
    ...(tools.length > 0 && { tools: tools.map(toOpenAITool) }),
  }
}

function toOpenAIMessage(message: ChatMessage): ChatCompletionMessageParam {
  switch (message.role) {
    case 'system':
      return { role: 'system', content: message.content }
    case 'user':
      return { role: 'user', content: message.content }
    case 'assistant': {
      const calls = message.toolCalls ?? []
      if (calls.length === 0) return { role: 'assistant', content: message.content }
      return {
        role: 'assistant',
        content: message.content === '' ? null : message.content,
        tool_calls: calls.map((call) => ({
          id: call.id,
          type: 'function',
          function: { name: call.name, arguments: call.arguments },
        })),
      }
    }
    case 'tool':
      return { role: 'tool', tool_call_id: message.toolCallId, content: message.content }
  }
}

function toOpenAITool(tool: ModelToolDefinition): ChatCompletionFunctionTool {
  return {
    type: 'function',
    function: {
      name: tool.name,
      description: tool.description,
      parameters: toolParameters(tool.parameters),
    },
  }
}
