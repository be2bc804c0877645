import type { ChatCompletion } from 'openai/resources/chat/completions'
import type { ModelTurn, ToolCall } from '../vocabulary/ChatMessage.ts'
import { ModelError } from './ModelError.ts'
import { reasoningOf } from './readOpenAIStream.ts'
import { tokenUsage } from './tokenUsage.ts'

/** Reads the turn out of a non-streamed Chat Completions answer (with its reasoning, when sent). */
export function fromOpenAICompletion(completion: ChatCompletion, name: string): ModelTurn {
  const message = completion.choices?.[0]?.message
  if (message === undefined) {
    throw new ModelError('model_malformed_output', `${name}: the answer had no choices.`)
  }
  const text = (message.content ?? '') + (message.refusal ?? '')
  const toolCalls: ToolCall[] = (message.tool_calls ?? []).flatMap((call) =>
    call.type === 'function'
      ? [{ id: call.id, name: call.function.name, arguments: call.function.arguments }]
      : [],
  )
  const usage = tokenUsage(completion.usage?.prompt_tokens, completion.usage?.completion_tokens)
  const reasoning = reasoningOf(message)
  return {
    ...(text !== '' && { text }),
    ...(reasoning !== '' && { reasoning }),
    ...(toolCalls.length > 0 && { toolCalls }),
    ...(usage !== undefined && { usage }),
  }
}
