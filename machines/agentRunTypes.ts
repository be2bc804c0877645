import type { PreparedTool } from '../tools/PreparedTool.ts'
import type { ToolRegistry } from '../tools/ToolRegistry.ts'
import type { AgentEvent } from '../vocabulary/AgentEvent.ts'
import type { CallDescription } from '../vocabulary/CallDescription.ts'
import type { ChatMessage, ModelTurn, ToolCall } from '../vocabulary/ChatMessage.ts'
import type { DecidedBy, Decision } from '../vocabulary/Decision.ts'
import type { Person } from '../vocabulary/Identity.ts'
import type { ToolResult } from '../vocabulary/ToolResult.ts'

/** The call a run is working on: the model's proposal, its preparation, and its result once known. */
export interface CurrentCall {
  call: ToolCall
  prepared?: PreparedTool
  result?: ToolResult
  /** The confirmation that allowed this call to execute. */
  confirmationId?: string
  /** The arguments as the user edited them (canonical JSON), when they differ from the model's. */
  editedArguments?: string
  /**
   * What the call will change, as its describe step read it (tools with one): the card shows it,
   * and its target's version is what the call may write at.
   */
  description?: CallDescription
}

/** A confirmation the run is waiting for, bound to one prepared call. */
export interface PendingConfirmation {
  confirmationId: string
  callId: string
  /** The card digest: the call's, bound to the target the card showed (`cardDigest`). */
  digest: string
  /** What the card shows the call will change, when its tool describes calls. */
  description?: CallDescription
  /** When the card expires (ISO), if the run has a confirmation timeout. */
  expiresAt?: string
  /** People who approved the card when the host's rules ask for more approvals than one. */
  approvals?: readonly Person[]
}

/** The version of the run's context as saved; older saved runs are migrated on load. */
export const runContextVersion = 2

/** How many dead confirmation ids a run remembers, to say "already decided" rather than "unknown". */
export const retiredIdsKept = 64

/**
 * What a run remembers: only what its guards and the model need. The event log is not here: each
 * step hands the entries it made to the runtime (`logged`, emitted as `agentEvents`); the context
 * keeps only the last `seq`.
 */
export interface AgentRunContext {
  version: typeof runContextVersion
  runId: string
  notebookId?: string
  /** The signed-in person whose run it is (absent in the single-user mode). */
  startedBy?: Person
  maxTurns: number
  /** How long a confirmation stays open; none means it never expires. */
  confirmationTimeoutMs?: number
  /** Model turns since the last user message; bounded by `maxTurns`. */
  turns: number
  messages: readonly ChatMessage[]
  /** Tool calls of the current model turn not yet prepared. */
  queue: readonly ToolCall[]
  current?: CurrentCall
  pending?: PendingConfirmation
  /** The latest confirmation ids that were issued and are now dead (used, denied or dropped); bounded. */
  retiredConfirmationIds: readonly string[]
  /** Ids of the tool calls answered in `messages`, so a repeated id is refused (absent in runs saved before it existed). */
  toolCallIds?: readonly string[]
  /** The `seq` of the last event the run logged. */
  lastSeq: number
  error?: { code: string; message: string }
  /** The log entries of the latest step, handed to the runtime right after it; never saved. */
  logged?: readonly AgentEvent[]
}

/** What starting a run takes. */
export interface AgentRunInput {
  runId: string
  input: string
  notebookId?: string
  /** The signed-in person starting the run, as authentication says. */
  startedBy?: Person
  maxTurns?: number
  confirmationTimeoutMs?: number
  /** Messages before the user's input, e.g. a system prompt. */
  history?: readonly ChatMessage[]
  /**
   * A person's own call the run opens with (a task's Edit in the panel, no chat open yet): the
   * run's first turn is this call, after their words (`input`), instead of the model's.
   */
  opening?: ToolCall
}

/** A replacement of a pending call's arguments: a new proposal, prepared once by the runtime. */
export interface CardEdit {
  runId: string
  confirmationId: string
  /** The edited call, prepared (validated, previewed, digested) by the runtime's registry. */
  prepared: PreparedTool
  /** The edited call described again (a new proposal, a new target), when its tool describes calls. */
  description?: CallDescription
  by: DecidedBy
}

/** What a run accepts: decisions and commands from outside, answers from the effects it named. */
export type AgentRunEvent =
  | { type: 'CONFIRM'; decision: Decision }
  | { type: 'DENY'; decision: Decision }
  /** The user changed the arguments on the card: a new proposal with a new confirmation id. */
  | { type: 'EDIT'; edit: CardEdit }
  /** The card's time ran out: a decision by the clock (`by: { kind: 'timeout' }`). */
  | { type: 'EXPIRE'; decision: Decision }
  /**
   * After a restart: the confirmed call's outcome is known (or lost) without executing it again.
   * With `closedBecause`, nobody allowed it: the host closed the card (e.g. its tool is gone), and
   * the log says so as a host denial with that reason.
   */
  | { type: 'RECOVER'; confirmationId: string; result: ToolResult; closedBecause?: string }
  | { type: 'CANCEL'; reason?: string }
  | { type: 'USER_INPUT'; text: string }
  /**
   * A person asked for a call themselves (an Undo: `undoProposal`; a task's Delete or a note's
   * Edit in the panel): `name(arguments)` is queued as if the model had proposed it, after their
   * `words`, and shown as its card.
   */
  | { type: 'PROPOSE'; name: string; arguments: string; words: string }
  /** What the current call will change, read by the `describeCall` effect. */
  | { type: 'DESCRIBED'; callId: string; description: CallDescription }
  /** The model answered the run's current turn (sent by the `callModel` effect). */
  | { type: 'MODEL_DONE'; turn: ModelTurn }
  /** The model call failed for good. */
  | { type: 'MODEL_FAILED'; error: unknown }
  /** The call being executed finished, with its result (sent by the `executeCall` effect). */
  | { type: 'TOOL_DONE'; callId: string; result: unknown }
  /** The tool threw instead of returning a result. */
  | { type: 'TOOL_FAILED'; callId: string; error: unknown }
  /**
   * The store's file refused the allowed call's decision (another program's lock, a full disk):
   * nothing was written and the call did not run, so its card is offered again, undecided.
   */
  | { type: 'NOT_SAVED'; callId: string; error: unknown }

/** What the machine emits: the events one step logged, in `seq` order. */
export interface AgentEventsEmitted {
  type: 'agentEvents'
  events: readonly AgentEvent[]
}

/** The part of a registry a run needs to prepare calls: no execution, no workspace. */
export type PreparingRegistry = Pick<ToolRegistry, 'prepare'>
