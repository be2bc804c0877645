import type { ChatMessage, ModelTurn } from '../../vocabulary/ChatMessage.ts'

/** One part of a message in the GenAI semantic conventions' JSON form. */
type Part =
  | { type: 'text'; content: string }
  | { type: 'tool_call'; id: string; name: string; arguments: unknown }
  | { type: 'tool_call_response'; id: string; response: unknown }

/** A message in the GenAI semantic conventions' JSON form (`gen_ai.input.messages` and friends). */
interface GenAiMessage {
  role: ChatMessage['role']
  parts: Part[]
  finish_reason?: string
}

/** The conversation a model was sent, as `gen_ai.input.messages` holds it (JSON text). */
export function inputMessagesJson(messages: readonly ChatMessage[]): string {
  return JSON.stringify(messages.map(genAiMessage))
}

/** The turn a model answered, as `gen_ai.output.messages` holds it (JSON text). */
export function outputMessagesJson(turn: ModelTurn): string {
  const message = genAiMessage({
    role: 'assistant',
    content: turn.text ?? '',
    ...(turn.toolCalls !== undefined && { toolCalls: turn.toolCalls }),
  })
  const finish = (turn.toolCalls?.length ?? 0) > 0 ? 'tool_call' : 'stop'
  return JSON.stringify([{ ...message, finish_reason: finish }])
}

function genAiMessage(message: ChatMessage): GenAiMessage {
  const parts: Part[] = []
  if (message.role === 'tool') {
    parts.push({
      type: 'tool_call_response',
      id: message.toolCallId,
      response: json(message.content),
    })
    return { role: 'tool', parts }
  }
  if (message.content !== '') parts.push({ type: 'text', content: message.content })
  if (message.role === 'assistant') {
    for (const call of message.toolCalls ?? []) {
      parts.push({
        type: 'tool_call',
        id: call.id,
        name: call.name,
        arguments: json(call.arguments),
      })
    }
  }
  return { role: message.role, parts }
}

// Arguments and results are JSON text here; the conventions want the value (text that is not JSON stays text).
function json(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}
