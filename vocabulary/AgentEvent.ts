import type { CallDescription } from './CallDescription.ts'
import type { ConfirmationDecision } from './Decision.ts'
import type { Person } from './Identity.ts'
import type { PermissionLevel } from './PermissionLevel.ts'
import type { PermissionOrigin } from './PermissionOrigin.ts'
import type { RunStatus } from './RunStatus.ts'
import type { AuditReceipt } from './SignedReceipt.ts'

/** What happened in a run; the run's event log holds these in `seq` order. */
export type AgentEventKind =
  | 'runStarted'
  | 'statusChanged'
  | 'userMessage'
  | 'assistantDelta'
  /** The model's reasoning for its turn, logged before the turn's `assistantMessage` and calls. */
  | 'assistantReasoning'
  | 'assistantMessage'
  | 'toolRequested'
  | 'confirmationRequired'
  /** A person approved a card that needs more approvals than theirs: it stays open. */
  | 'confirmationApproved'
  | 'confirmationResolved'
  /** A person edited a card's arguments: a new proposal replaces the call, and a new card follows. */
  | 'callEdited'
  | 'toolCompleted'
  | 'toolFailed'
  | 'runFailed'
  /** The run was cancelled; a card it was waiting on names its call (it closed unanswered). */
  | 'runCancelled'

/** One entry of a run's event log. */
export interface AgentEvent {
  runId: string
  /** Per-run, strictly increasing from 1. */
  seq: number
  /** ISO time from the runtime's injected clock. */
  at: string
  kind: AgentEventKind
  status?: RunStatus
  text?: string
  toolCallId?: string
  toolName?: string
  permission?: PermissionLevel
  /** On `confirmationRequired`: who set the level (host, trusted server's claim, untrusted default). */
  permissionOrigin?: PermissionOrigin
  preview?: string
  /** On `confirmationRequired`: what the call will change, as read from the workspace. */
  description?: CallDescription
  digest?: string
  confirmationId?: string
  decision?: ConfirmationDecision
  decidedBy?: 'user' | 'policy' | 'timeout'
  /** On `callEdited`: who edited, as the host's authentication named them (absent: the user). */
  person?: string
  /** The policy rule that decided, for `decidedBy: 'policy'`. */
  rule?: string
  /** On `confirmationResolved` and `confirmationApproved`: the signed-in person who decided. */
  decider?: Person
  /** The people whose approvals counted for the card so far, in order (a card with a quorum). */
  approvals?: readonly Person[]
  /** On `confirmationApproved`: how many more distinct approvals the card needs. */
  approvalsNeeded?: number
  /**
   * On `confirmationResolved` and `confirmationApproved`: the decider's verified signature, kept in
   * the log so it reaches the call's audit line from any node and across restarts.
   */
  receipt?: AuditReceipt
  /** On `runStarted`: the signed-in person whose run it is. */
  startedBy?: Person
  /** When a pending confirmation expires (ISO). */
  expiresAt?: string
  /**
   * Raw arguments on `toolRequested`; the validated arguments on `confirmationRequired`; the
   * edited arguments on `callEdited`; the tool result JSON on `toolCompleted` and `toolFailed`.
   */
  payloadJson?: string
  /** On `callEdited`: the arguments before the edit (canonical JSON). */
  previousPayloadJson?: string
  error?: { code: string; message: string }
}
