/** Shared message types: the only thing the model layer and the runtime both depend on. */

/** How much a tool may do; set by the host on each tool, never by the model. */
export type PermissionLevel = 'read' | 'write' | 'destructive' | 'execute'

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

/** A JSON Schema object, as produced by `z.toJSONSchema`. */
export type JsonSchema = { [key: string]: unknown }

/** What a model is shown of one tool. */
export interface ModelToolDefinition {
  name: string
  description: string
  parameters: JsonSchema
  permission: PermissionLevel
}

/** Everything a model client gets for one turn. */
export interface ModelRequest {
  messages: readonly ChatMessage[]
  tools: readonly ModelToolDefinition[]
  signal: AbortSignal
  /** Called with each piece of assistant text as it streams in, when the client streams. */
  onTextDelta?: (delta: string) => void
  /** Overrides the client's time limit for this call, in milliseconds. */
  timeoutMs?: number
}

/** A language model behind one small interface: messages and tools in, one assistant turn out. */
export interface ModelClient {
  /** A human-readable name, e.g. `offline-planner` or `openai:gpt-4o-mini`. */
  readonly name: string
  complete(request: ModelRequest): Promise<ModelTurn>
}
