import type { AgentEvent } from '../../vocabulary/AgentEvent.ts'
import {
  type ApprovalRules,
  describeApprovers,
  rulesCovering,
} from '../../vocabulary/ApprovalRules.ts'
import type { PermissionLevel } from '../../vocabulary/PermissionLevel.ts'

/**
 * The chunks of the AI SDK's UI message stream (protocol `v1` of `ai` 7, `UIMessageChunk`) that a
 * StudyPulse run produces. The package does not depend on `ai`: these are the shapes on the wire.
 */
export type UiChunk =
  | { type: 'start'; messageId: string }
  | { type: 'start-step' }
  | { type: 'finish-step' }
  | { type: 'finish'; finishReason?: 'stop' | 'tool-calls' | 'error' }
  | { type: 'abort'; reason?: string }
  | { type: 'error'; errorText: string }
  | { type: 'text-start'; id: string }
  | { type: 'text-delta'; id: string; delta: string }
  | { type: 'text-end'; id: string }
  | { type: 'reasoning-start'; id: string }
  | { type: 'reasoning-delta'; id: string; delta: string }
  | { type: 'reasoning-end'; id: string }
  | {
      type: 'tool-input-available'
      toolCallId: string
      toolName: string
      input: unknown
      title?: string
    }
  | { type: 'tool-approval-request'; approvalId: string; toolCallId: string }
  | { type: 'tool-approval-response'; approvalId: string; approved: boolean; reason?: string }
  | { type: 'tool-output-available'; toolCallId: string; output: unknown }
  | { type: 'tool-output-error'; toolCallId: string; errorText: string }
  | { type: 'tool-output-denied'; toolCallId: string }
  | { type: 'data-studypulse-card'; id: string; data: CardData }

/**
 * A card as a data part a chat UI may draw beside its tool part: what the call will do and
 * change, its permission level, who has approved so far, and when it expires.
 */
export interface CardData {
  confirmationId: string
  toolCallId: string
  toolName: string
  /** The action in words (the tool's preview). */
  preview: string
  permission: string
  /** What the call will change, as read from the workspace (`CallDescription`). */
  description?: unknown
  expiresAt?: string
  /** Who may approve, in words, by the host's approval rules (none: the person whose run it is). */
  whoMayApprove: readonly string[]
  approvals?: readonly unknown[]
  approvalsNeeded?: number
}

/** What the mapping remembers across one assistant message's events. */
export interface ChunkState {
  /** The text part being streamed by deltas, if one is open. */
  openText?: string
  /** Cards shown in this message: approval id → tool call id. */
  cards: Map<string, string>
  /** Tool calls whose card was denied: their result is `output-denied`. */
  denied: Set<string>
  /** The host's approval rules, to say on a card who may approve it. */
  rules: ApprovalRules | undefined
}

/** A fresh state for one assistant message. */
export function chunkState(rules?: ApprovalRules): ChunkState {
  return { cards: new Map(), denied: new Set(), rules }
}

/**
 * The UI chunks of one run event: the one place a run's log becomes the AI SDK's message parts.
 * A card is a tool part in `approval-requested` whose `approvalId` is the card's id (decided
 * only through the runtime's one decision path), plus a `data-studypulse-card` part.
 */
export function uiChunksOf(event: AgentEvent, state: ChunkState): UiChunk[] {
  switch (event.kind) {
    case 'assistantDelta':
      return textDelta(event, state)
    case 'assistantReasoning':
      return reasoning(event)
    case 'assistantMessage':
      return textDone(event, state)
    case 'toolRequested':
    case 'callEdited':
      return [toolInput(event)]
    case 'confirmationRequired':
      return cardShown(event, state)
    case 'confirmationApproved':
      return event.confirmationId !== undefined && state.cards.has(event.confirmationId)
        ? [cardPart(event, state.cards.get(event.confirmationId) as string, state)]
        : []
    case 'confirmationResolved':
      return cardDecided(event, state)
    case 'toolCompleted':
    case 'toolFailed':
      return [toolOutput(event, state)]
    case 'runFailed':
      return [{ type: 'error', errorText: event.error?.message ?? 'the run failed' }]
    case 'runCancelled':
      return [{ type: 'abort', reason: event.text ?? 'cancelled' }]
    default:
      return []
  }
}

function textDelta(event: AgentEvent, state: ChunkState): UiChunk[] {
  const out: UiChunk[] = []
  if (state.openText === undefined) {
    state.openText = `text-${event.seq}`
    out.push({ type: 'text-start', id: state.openText })
  }
  if (event.text) out.push({ type: 'text-delta', id: state.openText, delta: event.text })
  return out
}

// The model's reasoning comes whole, logged before its answer: one reasoning part.
function reasoning(event: AgentEvent): UiChunk[] {
  if (!event.text) return []
  const id = `reasoning-${event.seq}`
  return [
    { type: 'reasoning-start', id },
    { type: 'reasoning-delta', id, delta: event.text },
    { type: 'reasoning-end', id },
  ]
}

function textDone(event: AgentEvent, state: ChunkState): UiChunk[] {
  const open = state.openText
  state.openText = undefined
  if (open !== undefined) return [{ type: 'text-end', id: open }]
  if (!event.text) return []
  const id = `text-${event.seq}`
  return [
    { type: 'text-start', id },
    { type: 'text-delta', id, delta: event.text },
    { type: 'text-end', id },
  ]
}

function toolInput(event: AgentEvent): UiChunk {
  return {
    type: 'tool-input-available',
    toolCallId: event.toolCallId ?? '',
    toolName: event.toolName ?? 'tool',
    input: parsed(event.payloadJson),
    ...(event.preview !== undefined && { title: event.preview }),
  }
}

function cardShown(event: AgentEvent, state: ChunkState): UiChunk[] {
  const approvalId = event.confirmationId
  const toolCallId = event.toolCallId
  if (approvalId === undefined || toolCallId === undefined) return []
  state.cards.set(approvalId, toolCallId)
  return [
    // The validated arguments the card is bound to: exactly what an approval must carry back.
    toolInput(event),
    cardPart(event, toolCallId, state),
    { type: 'tool-approval-request', approvalId, toolCallId },
  ]
}

function cardPart(event: AgentEvent, toolCallId: string, state: ChunkState): UiChunk {
  const confirmationId = event.confirmationId ?? ''
  const covering =
    state.rules === undefined || event.permission === undefined
      ? []
      : rulesCovering(
          state.rules,
          event.permission as PermissionLevel,
          event.toolName ?? '',
          event.permissionOrigin?.server,
        )
  return {
    type: 'data-studypulse-card',
    id: confirmationId,
    data: {
      confirmationId,
      toolCallId,
      toolName: event.toolName ?? '',
      preview: event.preview ?? '',
      permission: event.permission ?? '',
      whoMayApprove:
        covering.length > 0 ? covering.map(describeApprovers) : ['the person whose run it is'],
      ...(event.description !== undefined && { description: event.description }),
      ...(event.expiresAt !== undefined && { expiresAt: event.expiresAt }),
      ...(event.approvals !== undefined && { approvals: event.approvals }),
      ...(event.approvalsNeeded !== undefined && { approvalsNeeded: event.approvalsNeeded }),
    },
  }
}

function cardDecided(event: AgentEvent, state: ChunkState): UiChunk[] {
  const approvalId = event.confirmationId
  const toolCallId = approvalId === undefined ? undefined : state.cards.get(approvalId)
  // A call a rule decided had no card: its tool part goes straight to its output.
  if (approvalId === undefined || toolCallId === undefined) return []
  const approved = event.decision === 'allow'
  if (!approved) state.denied.add(toolCallId)
  const reason = event.decidedBy === 'timeout' ? 'the card expired' : event.text
  return [{ type: 'tool-approval-response', approvalId, approved, ...(reason && { reason }) }]
}

function toolOutput(event: AgentEvent, state: ChunkState): UiChunk {
  const toolCallId = event.toolCallId ?? ''
  if (state.denied.has(toolCallId)) return { type: 'tool-output-denied', toolCallId }
  const output = parsed(event.payloadJson)
  const failed = event.kind === 'toolFailed' || (output as { ok?: unknown } | null)?.ok === false
  if (!failed) return { type: 'tool-output-available', toolCallId, output }
  const error = (output as { error?: { code?: string; message?: string } } | null)?.error
  if (error?.code === 'user_denied') return { type: 'tool-output-denied', toolCallId }
  return {
    type: 'tool-output-error',
    toolCallId,
    errorText: error?.message ?? event.error?.message ?? 'the tool failed',
  }
}

function parsed(json: string | undefined): unknown {
  if (json === undefined) return {}
  try {
    return JSON.parse(json)
  } catch {
    return json
  }
}
