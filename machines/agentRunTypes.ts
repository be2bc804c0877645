import type { PreparedTool } from '../tools/PreparedTool.ts'
import type { ToolRegistry } from '../tools/ToolRegistry.ts'
import type { ToolResult } from '../tools/ToolResult.ts'
import type { AgentEvent } from '../vocabulary/AgentEvent.ts'
import type { ChatMessage, ModelTurn, ToolCall } from '../vocabulary/ChatMessage.ts'

/** The call a run is working on: the model's proposal, its preparation, and its result once known. */
export interface CurrentCall {
  call: ToolCall
  prepared?: PreparedTool
  result?: ToolResult
  /** The confirmation that allowed this call to execute. */
  confirmationId?: string
  /** The arguments as the user edited them (canonical JSON), when they differ from the model's. */
  editedArguments?: string
}

/** A confirmation the run is waiting for, bound to one prepared call. */
export interface PendingConfirmation {
  confirmationId: string
  callId: string
  digest: string
  /** When the card expires (ISO), if the run has a confirmation timeout. */
  expiresAt?: string
}

/** The version of the run's context as saved; older saved runs are migrated on load. */
export const runContextVersion = 2

/** How many dead confirmation ids a run remembers, to say "already decided" rather than "unknown". */
export const retiredIdsKept = 64

/**
 * What a run remembers: only what its guards and the model need. The event log is not here: it
 * is emitted (`agentEvents`) as it grows and kept by the runtime and its store.
 */
export interface AgentRunContext {
  version: typeof runContextVersion
  runId: string
  notebookId?: string
  maxTurns: number
  /** How long a confirmation stays open; none means it never expires. */
  confirmationTimeoutMs?: number
  /** Model turns since the last user message; bounded by `maxTurns`. */
  turns: number
  messages: ChatMessage[]
  /** Tool calls of the current model turn not yet prepared. */
  queue: ToolCall[]
  current?: CurrentCall
  pending?: PendingConfirmation
  /** The latest confirmation ids that were issued and are now dead (used, denied or dropped); bounded. */
  retiredConfirmationIds: string[]
  /** Ids of the tool calls answered in `messages`, so a repeated id is refused without a scan (absent in runs saved before it existed). */
  toolCallIds?: string[]
  /** The `seq` of the last event the run logged. */
  lastSeq: number
  error?: { code: string; message: string }
}

/** What starting a run takes. */
export interface AgentRunInput {
  runId: string
  input: string
  notebookId?: string
  maxTurns?: number
  confirmationTimeoutMs?: number
  /** Messages before the user's input, e.g. a system prompt. */
  history?: ChatMessage[]
}

/** Commands a run accepts from outside. */
export type AgentRunEvent =
  | ({ type: 'CONFIRM' } & DecisionFields)
  | ({ type: 'DENY' } & DecisionFields)
  /** The user changed the arguments on the card: a new proposal with a new confirmation id. */
  | { type: 'EDIT'; confirmationId: string; arguments: string }
  /** The card's time ran out (sent for restored runs, whose delayed expiry is not restored). */
  | { type: 'EXPIRE'; confirmationId: string }
  /**
   * After a restart: the confirmed call's outcome is known (or lost) without executing it again.
   * With `closedBecause`, nobody allowed it: the host closed the card (e.g. its tool is gone), and
   * the log says so as a host denial with that reason.
   */
  | { type: 'RECOVER'; confirmationId: string; result: ToolResult; closedBecause?: string }
  | { type: 'CANCEL'; reason?: string }
  | { type: 'USER_INPUT'; text: string }
  /** The model answered the run's current turn (sent by the runtime, which calls the model). */
  | { type: 'MODEL_DONE'; turn: ModelTurn }
  /** The model call failed for good. */
  | { type: 'MODEL_FAILED'; error: unknown }
  /** The call being executed finished, with its result (sent by the runtime, which runs the tool). */
  | { type: 'TOOL_DONE'; callId: string; result: unknown }
  /** The tool threw instead of returning a result. */
  | { type: 'TOOL_FAILED'; callId: string; error: unknown }

/** What a decision carries: the id it answers, the call it saw, who decided and by which rule. */
export interface DecisionFields {
  confirmationId: string
  /** The digest of the call the decider saw; anything else is refused. */
  digest: string
  decidedBy?: 'user' | 'policy'
  rule?: string
}

/** What the machine emits: the events it logged in one step, in `seq` order. */
export interface AgentEventsEmitted {
  type: 'agentEvents'
  events: readonly AgentEvent[]
}

/** The part of a registry a run needs to prepare calls: no execution, no workspace. */
export type PreparingRegistry = Pick<ToolRegistry, 'prepare'>
