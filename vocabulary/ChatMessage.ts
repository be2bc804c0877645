/** A tool call proposed by a model; `arguments` is the model's raw JSON text. */
export interface ToolCall {
  id: string
  name: string
  arguments: string
}

/** What one model call cost in tokens, as the provider reported it (either count may be unknown). */
export interface TokenUsage {
  inputTokens?: number
  outputTokens?: number
}

/** One assistant turn: text, tool calls, or both, and the model's reasoning when it shows it. */
export interface ModelTurn {
  text?: string
  /** The model's reasoning (thinking) before its answer, when the provider sends it. */
  reasoning?: string
  toolCalls?: ToolCall[]
  /** The tokens the call used, when the client's protocol reports them (never kept with the run). */
  usage?: TokenUsage
}

/** A message in the conversation the model sees. */
export type ChatMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string; toolCalls?: ToolCall[]; reasoning?: string }
  | { role: 'tool'; toolCallId: string; name: string; content: string }
