import type {
  LanguageModelV4FunctionTool,
  LanguageModelV4Message,
  LanguageModelV4Prompt,
} from '@ai-sdk/provider'
import type { ChatMessage } from '../vocabulary/ChatMessage.ts'
import type { ModelToolDefinition } from './messages.ts'
import { isFailedToolResult, toolInputObject } from './toolCallParts.ts'
import { toolParameters } from './toolParameters.ts'

/**
 * Maps our conversation onto an AI SDK prompt (the language model specification, v2 to v4 alike
 * for these parts): tool calls become `tool-call` parts with their arguments parsed, tool results
 * `tool-result` parts (`error-text` when the result is not ok), and consecutive tool results one
 * `tool` message, as the specification groups them.
 */
export function toAiSdkPrompt(messages: readonly ChatMessage[]): LanguageModelV4Prompt {
  const prompt: LanguageModelV4Message[] = []
  for (const message of messages) {
    switch (message.role) {
      case 'system':
        prompt.push({ role: 'system', content: message.content })
        break
      case 'user':
        prompt.push({ role: 'user', content: [{ type: 'text', text: message.content }] })
        break
      case 'assistant':
        prompt.push({
          role: 'assistant',
          content: [
            ...(message.content === '' ? [] : [{ type: 'text' as const, text: message.content }]),
            ...(message.toolCalls ?? []).map((call) => ({
              type: 'tool-call' as const,
              toolCallId: call.id,
              toolName: call.name,
              input: toolInputObject(call.arguments),
            })),
          ],
        })
        break
      case 'tool': {
        const part = {
          type: 'tool-result' as const,
          toolCallId: message.toolCallId,
          toolName: message.name,
          output: isFailedToolResult(message.content)
            ? { type: 'error-text' as const, value: message.content }
            : { type: 'text' as const, value: message.content },
        }
        const last = prompt.at(-1)
        if (last?.role === 'tool') last.content.push(part)
        else prompt.push({ role: 'tool', content: [part] })
        break
      }
    }
  }
  return prompt
}

/** Our tools as AI SDK function tools. */
export function toAiSdkTools(tools: readonly ModelToolDefinition[]): LanguageModelV4FunctionTool[] {
  return tools.map((tool) => ({
    type: 'function',
    name: tool.name,
    description: tool.description,
    inputSchema: toolParameters(tool.parameters),
  }))
}
