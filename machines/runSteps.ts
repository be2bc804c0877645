import { cardDigest } from '../tools/digest.ts'
import type { AgentEvent } from '../vocabulary/AgentEvent.ts'
import type { CallDescription } from '../vocabulary/CallDescription.ts'
import type { ChatMessage, ModelTurn } from '../vocabulary/ChatMessage.ts'
import { type DecidedBy, decidedByName } from '../vocabulary/Decision.ts'
import { type Person, personOf } from '../vocabulary/Identity.ts'
import type { RunStatus } from '../vocabulary/RunStatus.ts'
import type { AuditReceipt } from '../vocabulary/SignedReceipt.ts'
import { type ToolResult, toolFailure, userDeniedResult } from '../vocabulary/ToolResult.ts'
import {
  type AgentRunContext,
  type CardEdit,
  type CurrentCall,
  type PreparingRegistry,
  retiredIdsKept,
} from './agentRunTypes.ts'
import { prepareCall } from './prepareCall.ts'

/** The fields of a log entry a step chooses; `stepUpdate` fills in run, seq and time. */
export type EventFields = Omit<AgentEvent, 'runId' | 'seq' | 'at'>

/**
 * What one step of the run changes: new values for some context fields (plain objects and
 * spreads, no drafts) and the log entries the step made, in order.
 */
export interface Step {
  changes?: Partial<AgentRunContext>
  events?: EventFields[]
}

// The time of the latest step, as text: the steps of one burst share their millisecond, and
// formatting a date costs more than the rest of a step.
let lastMs = Number.NaN
let lastIso = ''

/** A step's context update: its changes, its events numbered after the run's last one and handed over as `logged`. */
export function stepUpdate(
  context: AgentRunContext,
  step: Step,
  at: Date,
): Partial<AgentRunContext> {
  // The step made `changes` for this update alone: it becomes the update in place.
  const update: Partial<AgentRunContext> = step.changes ?? {}
  const fields = step.events
  if (fields === undefined || fields.length === 0) {
    update.logged = noEvents
    return update
  }
  const ms = at.getTime()
  if (ms !== lastMs) {
    lastMs = ms
    lastIso = at.toISOString()
  }
  const { runId } = context
  let seq = context.lastSeq
  // The step made these objects for this update alone: they become the log entries in place.
  const logged = fields as AgentEvent[]
  for (const event of logged) {
    event.runId = runId
    event.seq = ++seq
    event.at = lastIso
  }
  update.lastSeq = seq
  update.logged = logged
  return update
}

const noEvents: readonly AgentEvent[] = Object.freeze([])

/** Entering a state: its status in the log, plus what the state's own step adds. */
export function entered(status: RunStatus, step?: Step): Step {
  const events: EventFields[] = [{ kind: 'statusChanged', status }]
  if (step?.events !== undefined) for (const event of step.events) events.push(event)
  return step?.changes === undefined ? { events } : { changes: step.changes, events }
}

/** Entering `thinking`: one more model turn; the run's very first step also logs its start. */
export function startTurn(context: AgentRunContext): Step {
  const changes = { turns: context.turns + 1 }
  if (context.lastSeq > 0) return entered('thinking', { changes })
  const first = context.messages.at(-1)
  return {
    changes,
    events: [
      {
        kind: 'runStarted',
        ...(context.startedBy !== undefined && { startedBy: context.startedBy }),
      },
      { kind: 'userMessage', text: first?.content ?? '' },
      { kind: 'statusChanged', status: 'thinking' },
    ],
  }
}

/** The model answered: remember its message (and reasoning) and queue its tool calls. */
export function acceptTurn(context: AgentRunContext, turn: ModelTurn): Step {
  const { text, toolCalls = [], reasoning } = turn
  const message: ChatMessage = {
    role: 'assistant',
    content: text ?? '',
    ...(toolCalls.length > 0 && { toolCalls }),
    ...(reasoning && { reasoning }),
  }
  const events: EventFields[] = []
  if (reasoning) events.push({ kind: 'assistantReasoning', text: reasoning })
  if (text !== undefined && text !== '') events.push({ kind: 'assistantMessage', text })
  return {
    changes: { messages: [...context.messages, message], queue: toolCalls },
    ...(events.length > 0 && { events }),
  }
}

/** How much of a refused call's arguments the run keeps. */
export const refusedArgumentsKept = 1024

/** `text` cut to `refusedArgumentsKept` characters, with its full size noted, if it is longer. */
export function shortened(text: string): string {
  if (text.length <= refusedArgumentsKept) return text
  const bytes = new TextEncoder().encode(text).length
  return `${text.slice(0, refusedArgumentsKept)}… [refused arguments cut: ${bytes} bytes in all]`
}

/** Entering `preparing`: takes the next queued call and prepares it (pure: no side effects). */
export function prepareNext(context: AgentRunContext, tools: PreparingRegistry): Step {
  const [call, ...rest] = context.queue
  if (call === undefined) return entered('preparing')
  const answered = answeredCallIds(context)
  let current: CurrentCall = prepareCall(tools, call, { has: (id) => answered.includes(id) })
  let messages = context.messages
  // A refused call's arguments are kept once, cut short with their size noted: a model that
  // sends a megabyte of garbage must not make the run (and every save of it) a megabyte larger.
  const kept = current.result !== undefined ? shortened(call.arguments) : call.arguments
  if (kept !== call.arguments) {
    current = { ...current, call: { ...call, arguments: kept } }
    messages = forgetArguments(messages, call.id, kept)
  }
  const { prepared } = current
  return entered('preparing', {
    changes: { queue: rest, current, messages },
    events: [
      {
        kind: 'toolRequested',
        toolCallId: call.id,
        toolName: call.name,
        payloadJson: kept,
        ...(prepared && {
          permission: prepared.permission,
          preview: prepared.preview,
          digest: prepared.digest,
        }),
      },
    ],
  })
}

// The model's message still holds the call's arguments; the shortened text replaces them there.
function forgetArguments(
  messages: readonly ChatMessage[],
  callId: string,
  kept: string,
): readonly ChatMessage[] {
  for (let i = messages.length - 1; i >= 0; i--) {
    const message = messages[i]
    if (message?.role !== 'assistant' || message.toolCalls === undefined) continue
    if (!message.toolCalls.some((c) => c.id === callId)) continue
    const toolCalls = message.toolCalls.map((c) =>
      c.id === callId ? { ...c, arguments: kept } : c,
    )
    return [...messages.slice(0, i), { ...message, toolCalls }, ...messages.slice(i + 1)]
  }
  return messages
}

/** The describe step answered: the current call's card will show this. */
export function keepDescription(context: AgentRunContext, description: CallDescription): Step {
  const { current } = context
  return current === undefined ? {} : { changes: { current: { ...current, description } } }
}

/**
 * Entering `awaitingConfirmation`: issues a fresh confirmation id for the current call, bound to
 * what the card shows (its description's target, if any, is covered by the card digest).
 */
export function requestConfirmation(
  context: AgentRunContext,
  at: Date,
  confirmationId: string,
): Step {
  const current = context.current
  const prepared = current?.prepared
  if (prepared === undefined) return entered('awaitingConfirmation')
  const description = current?.description
  const digest = cardDigest(prepared.digest, description?.target)
  const timeout = context.confirmationTimeoutMs
  const expiresAt =
    timeout === undefined ? undefined : new Date(at.getTime() + timeout).toISOString()
  return entered('awaitingConfirmation', {
    changes: {
      pending: {
        confirmationId,
        callId: prepared.callId,
        digest,
        ...(description !== undefined && { description }),
        ...(expiresAt !== undefined && { expiresAt }),
      },
    },
    events: [
      {
        kind: 'confirmationRequired',
        toolCallId: prepared.callId,
        toolName: prepared.name,
        permission: prepared.permission,
        ...(prepared.permissionOrigin && { permissionOrigin: prepared.permissionOrigin }),
        preview: prepared.preview,
        ...(description !== undefined && { description }),
        digest,
        payloadJson: prepared.argumentsJson,
        confirmationId,
        ...(expiresAt !== undefined && { expiresAt }),
      },
    ],
  })
}

/** How a card was answered, as the log says it. */
export interface Resolution {
  decision: 'allow' | 'deny'
  by: DecidedBy
  /** A rule kept with the decision, or why the host closed the card. */
  rule?: string
  /** The decider's verified signature, for the audit line. */
  receipt?: AuditReceipt
}

/** Ends the pending confirmation (it can never be used again) and logs who decided what. */
export function resolvePending(
  context: AgentRunContext,
  how: Resolution,
  result?: ToolResult,
): Step {
  const { pending, current } = context
  if (pending === undefined) return {}
  const rule = how.rule ?? (how.by.kind === 'rule' ? how.by.rule : undefined)
  const decider = how.by.kind === 'user' ? personOf(how.by) : undefined
  // A card with a quorum names everyone whose approval counted, the last one included.
  const approvals =
    pending.approvals !== undefined && how.decision === 'allow' && decider !== undefined
      ? [...pending.approvals, decider]
      : pending.approvals
  const event: EventFields = {
    kind: 'confirmationResolved',
    toolCallId: pending.callId,
    ...(current?.prepared && { toolName: current.prepared.name }),
    confirmationId: pending.confirmationId,
    decision: how.decision,
    decidedBy: decidedByName(how.by),
    ...(rule !== undefined && { rule }),
    ...(decider !== undefined && { decider }),
    ...(approvals !== undefined && { approvals }),
    ...(how.receipt !== undefined && { receipt: how.receipt }),
  }
  const outcome = result ?? (how.decision === 'deny' ? userDeniedResult : undefined)
  const settled = current && {
    ...current,
    ...(how.decision === 'allow' && { confirmationId: pending.confirmationId }),
    ...(outcome !== undefined && { result: outcome }),
  }
  return {
    changes: {
      pending: undefined,
      retiredConfirmationIds: retire(context, pending.confirmationId),
      ...(settled !== undefined && { current: settled }),
    },
    events: [event],
  }
}

/**
 * A person approved the card, and the host's rules want `needed` more people: their approval is
 * kept on the card, which stays open (its id is still the one to decide with).
 */
export function recordApproval(
  context: AgentRunContext,
  approver: Person,
  needed: number,
  receipt?: AuditReceipt,
): Step {
  const { pending, current } = context
  if (pending === undefined) return {}
  const approvals = [...(pending.approvals ?? []), approver]
  return {
    changes: { pending: { ...pending, approvals } },
    events: [
      {
        kind: 'confirmationApproved',
        toolCallId: pending.callId,
        ...(current?.prepared && { toolName: current.prepared.name }),
        confirmationId: pending.confirmationId,
        decision: 'allow',
        decidedBy: 'user',
        decider: approver,
        approvals,
        approvalsNeeded: needed,
        ...(receipt !== undefined && { receipt }),
      },
    ],
  }
}

/**
 * The user edited the arguments: a new proposal, described again, replaces the old one, whose id
 * dies; the log says who changed what, from which arguments to which.
 */
export function applyEdit(context: AgentRunContext, edit: CardEdit): Step {
  const { current, pending } = context
  if (current === undefined || pending === undefined) return {}
  const { prepared, description, by } = edit
  const before =
    current.editedArguments ?? current.prepared?.argumentsJson ?? current.call.arguments
  // The old description goes with the old proposal: the new card shows only what the edit reads.
  const { description: _shown, ...call } = current
  const person = by.kind === 'user' ? (by.name ?? by.id) : undefined
  return {
    changes: {
      pending: undefined,
      retiredConfirmationIds: retire(context, pending.confirmationId),
      current: {
        ...call,
        prepared,
        editedArguments: prepared.argumentsJson,
        ...(description !== undefined && { description }),
      },
    },
    events: [
      {
        kind: 'callEdited',
        toolCallId: current.call.id,
        toolName: prepared.name,
        confirmationId: pending.confirmationId,
        previousPayloadJson: before,
        payloadJson: prepared.argumentsJson,
        preview: prepared.preview,
        decidedBy: decidedByName(by),
        ...(person !== undefined && { person }),
      },
    ],
  }
}

/** Entering `reporting`: appends the call's result (the executor's answer, else one recorded before) to the conversation and the log. */
export function reportResult(context: AgentRunContext, answer?: ToolResult): Step {
  const current = context.current
  if (current === undefined) return entered('reporting')
  const result = current.result ?? answer ?? toolFailure('execution_failed', 'no result')
  // The model must know the call ran with the user's arguments, not the ones it proposed.
  const content = JSON.stringify(
    current.editedArguments === undefined
      ? result
      : {
          ...result,
          editedByUser: {
            arguments: JSON.parse(current.editedArguments) as unknown,
            note: 'The user edited the arguments before deciding; this is the outcome of the edited call.',
          },
        },
  )
  const message: ChatMessage = {
    role: 'tool',
    toolCallId: current.call.id,
    name: current.call.name,
    content,
  }
  return entered('reporting', {
    changes: {
      messages: [...context.messages, message],
      toolCallIds: [...answeredCallIds(context), current.call.id],
      current: undefined,
    },
    events: [
      {
        kind: result.ok ? 'toolCompleted' : 'toolFailed',
        toolCallId: current.call.id,
        toolName: current.call.name,
        ...(current.prepared && { permission: current.prepared.permission }),
        payloadJson: content,
        ...(!result.ok && { error: result.error }),
      },
    ],
  })
}

/** The user's next message, after the run waited for input. */
export function appendUserMessage(context: AgentRunContext, text: string): Step {
  return {
    changes: { messages: [...context.messages, { role: 'user', content: text }], turns: 0 },
    events: [{ kind: 'userMessage', text }],
  }
}

/** Ends the run as failed with a coded error. */
export function failRun(error: { code: string; message: string }): Step {
  return { changes: { error }, events: [{ kind: 'runFailed', error }] }
}

/**
 * Entering `cancelled`: the run ends, and a pending confirmation dies with it. The cancel names
 * the card's call, so the call's audit line says its card closed unanswered (`auditRecordFor`).
 */
export function cancelRun(context: AgentRunContext, reason: string | undefined): Step {
  const prepared = context.current?.prepared
  const card =
    context.pending !== undefined && prepared?.callId === context.pending.callId
      ? { toolCallId: prepared.callId, toolName: prepared.name, permission: prepared.permission }
      : undefined
  return {
    changes: {
      pending: undefined,
      queue: [],
      ...(context.pending !== undefined && {
        retiredConfirmationIds: retire(context, context.pending.confirmationId),
      }),
    },
    events: [
      { kind: 'runCancelled', ...(reason && { text: reason }), ...card },
      { kind: 'statusChanged', status: 'cancelled' },
    ],
  }
}

/** The ids of the calls already answered in this run (a run saved before `toolCallIds` has its messages). */
function answeredCallIds(context: AgentRunContext): readonly string[] {
  return (
    context.toolCallIds ??
    context.messages.flatMap((m) => (m.role === 'tool' ? [m.toolCallId] : []))
  )
}

/** The retired ids with one more; only the latest few are remembered, to name them in refusals. */
function retire(context: AgentRunContext, confirmationId: string): readonly string[] {
  const ids = [...context.retiredConfirmationIds, confirmationId]
  return ids.length > retiredIdsKept ? ids.slice(ids.length - retiredIdsKept) : ids
}
