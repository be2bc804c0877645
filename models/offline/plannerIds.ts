import type { ChatMessage } from '../../vocabulary/ChatMessage.ts'

/** A source of `plan-<n>` tool call ids, n counting on from the calls already in the conversation. */
export function planIds(messages: readonly ChatMessage[]): () => string {
  const used = new Set<string>()
  let next = 0
  for (const message of messages) {
    if (message.role === 'tool') used.add(message.toolCallId)
    if (message.role !== 'assistant') continue
    for (const call of message.toolCalls ?? []) {
      used.add(call.id)
      next += 1
    }
  }
  return () => {
    // Skip ids another model already used, so ids stay unique within the conversation.
    while (used.has(`plan-${next}`)) next += 1
    const id = `plan-${next}`
    used.add(id)
    next += 1
    return id
  }
}
