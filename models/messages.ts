/** The model interface: what a model client is given for one turn, and what it answers. */

import type { ChatMessage, ModelTurn } from '../vocabulary/ChatMessage.ts'
import type { PermissionLevel } from '../vocabulary/PermissionLevel.ts'

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
  /** The run the call is for (the runtime sets it), so a wrapper such as tracing can tell whose call it is. */
  runId?: string
}

/** A language model behind one small interface: messages and tools in, one assistant turn out. */
export interface ModelClient {
  /** A human-readable name, e.g. `offline-planner` or `openai:gpt-4o-mini`. */
  readonly name: string
  complete(request: ModelRequest): Promise<ModelTurn>
}
