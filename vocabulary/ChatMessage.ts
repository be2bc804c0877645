/** A tool call proposed by a model; `arguments` is the model's raw JSON text. */
export interface ToolCall {
  id: string
  name: string
  arguments: string
}

/** One assistant turn: text, tool calls, or both. */
export interface ModelTurn {
  text?: string
  toolCalls?: ToolCall[]
}

/** A message in the conversation the model sees. */
export type ChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string; toolCalls?: ToolCall[] }
  | { role: 'tool'; toolCallId: string; name: string; content: string }
