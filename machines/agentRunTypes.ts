import type { ChatMessage, ModelTurn, ToolCall } from '../models/messages.ts'
import type { PreparedTool } from '../tools/PreparedTool.ts'
import type { ToolRegistry } from '../tools/ToolRegistry.ts'
import type { ToolResult } from '../tools/ToolResult.ts'
import type { AgentEvent } from './AgentEvent.ts'

/** The call a run is working on: the model's proposal, its preparation, and its result once known. */
export interface CurrentCall {
  call: ToolCall
  prepared?: PreparedTool
  result?: ToolResult
}

/** A confirmation the run is waiting for, bound to one prepared call. */
export interface PendingConfirmation {
  confirmationId: string
  callId: string
  digest: string
}

/** Everything a run remembers. */
export interface AgentRunContext {
  runId: string
  notebookId?: string
  maxTurns: number
  /** Model turns since the last user message; bounded by `maxTurns`. */
  turns: number
  messages: ChatMessage[]
  /** Tool calls of the current model turn not yet prepared. */
  queue: ToolCall[]
  current?: CurrentCall
  pending?: PendingConfirmation
  /** Confirmation ids that were issued and are now dead (used, denied or dropped). */
  retiredConfirmationIds: string[]
  events: AgentEvent[]
  error?: { code: string; message: string }
}

/** What starting a run takes. */
export interface AgentRunInput {
  runId: string
  input: string
  notebookId?: string
  maxTurns?: number
  /** Messages before the user's input, e.g. a system prompt. */
  history?: ChatMessage[]
}

/** Commands a run accepts from outside. */
export type AgentRunEvent =
  | { type: 'CONFIRM'; confirmationId: string; digest?: string }
  | { type: 'DENY'; confirmationId: string; digest?: string }
  | { type: 'CANCEL'; reason?: string }
  | { type: 'USER_INPUT'; text: string }

/** What the model actor is invoked with. */
export interface ModelCallInput {
  runId: string
  messages: readonly ChatMessage[]
}

/** What the tool actor is invoked with. */
export interface ToolCallInput {
  runId: string
  notebookId?: string
  prepared: PreparedTool
}

/** The part of a registry a run needs to prepare calls: no execution, no workspace. */
export type PreparingRegistry = Pick<ToolRegistry, 'prepare'>

/** What the model actor resolves with. */
export type ModelCallOutput = ModelTurn
