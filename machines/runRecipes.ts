import { type Draft, isDraft, original } from 'immer'
import { type ToolResult, toolFailure, userDeniedResult } from '../tools/ToolResult.ts'
import type { ModelTurn } from '../vocabulary/ChatMessage.ts'
import { type AgentRunContext, type PreparingRegistry, retiredIdsKept } from './agentRunTypes.ts'
import { prepareCall } from './prepareCall.ts'
import { recordEvent } from './recordEvent.ts'

/** The result a model receives when a confirmation timed out. */
export const confirmationExpiredResult: ToolResult = Object.freeze({
  ok: false,
  error: Object.freeze({
    code: 'confirmation_expired',
    message: 'The user did not decide in time; the operation was not performed',
  }),
}) as ToolResult

/** The result a model receives for a confirmed call cut off by a crash or restart. */
export const interruptedResult: ToolResult = Object.freeze({
  ok: false,
  error: Object.freeze({
    code: 'interrupted',
    message:
      'The app stopped while this ran; it may or may not have taken effect. Check before retrying.',
  }),
}) as ToolResult

type RunDraft = Draft<AgentRunContext>

/** The model answered: remember its message and queue its tool calls. */
export function acceptTurn(draft: RunDraft, at: Date, turn: ModelTurn): void {
  const { text, toolCalls = [] } = turn
  draft.messages.push(
    toolCalls.length > 0
      ? { role: 'assistant', content: text ?? '', toolCalls }
      : { role: 'assistant', content: text ?? '' },
  )
  if (text !== undefined && text !== '') recordEvent(draft, at, { kind: 'assistantMessage', text })
  draft.queue = toolCalls
}

/** Takes the next queued call and prepares it (no side effects). */
export function prepareNext(draft: RunDraft, at: Date, tools: PreparingRegistry): void {
  const [call, ...rest] = draft.queue
  if (call === undefined) return
  draft.queue = rest
  const answered = answeredCallIds(draft)
  const current = prepareCall(tools, call, { has: (id) => answered.includes(id) })
  // A refused call's arguments are kept once, cut short with their size noted: a model that
  // sends a megabyte of garbage must not make the run (and every save of it) a megabyte larger.
  const kept = current.result !== undefined ? shortened(call.arguments) : call.arguments
  if (kept !== call.arguments) {
    current.call = { ...call, arguments: kept }
    forgetArguments(draft, call.id, kept)
  }
  draft.current = current
  recordEvent(draft, at, {
    kind: 'toolRequested',
    toolCallId: call.id,
    toolName: call.name,
    payloadJson: kept,
    ...(current.prepared && {
      permission: current.prepared.permission,
      preview: current.prepared.preview,
      digest: current.prepared.digest,
    }),
  })
}

/** How much of a refused call's arguments the run keeps. */
export const refusedArgumentsKept = 1024

/** `text` cut to `refusedArgumentsKept` characters, with its full size noted, if it is longer. */
export function shortened(text: string): string {
  if (text.length <= refusedArgumentsKept) return text
  const bytes = new TextEncoder().encode(text).length
  return `${text.slice(0, refusedArgumentsKept)}… [refused arguments cut: ${bytes} bytes in all]`
}

// The model's message still holds the call's arguments; the shortened text replaces them there.
function forgetArguments(draft: RunDraft, callId: string, kept: string): void {
  for (let i = draft.messages.length - 1; i >= 0; i--) {
    const message = draft.messages[i]
    if (message?.role !== 'assistant' || message.toolCalls === undefined) continue
    const call = message.toolCalls.find((c) => c.id === callId)
    if (call === undefined) continue
    call.arguments = kept
    return
  }
}

/** Issues a fresh confirmation id for the current call. */
export function requestConfirmation(draft: RunDraft, at: Date, confirmationId: string): void {
  const prepared = draft.current?.prepared
  if (prepared === undefined) return
  const timeout = draft.confirmationTimeoutMs
  const expiresAt =
    timeout === undefined ? undefined : new Date(at.getTime() + timeout).toISOString()
  draft.pending = {
    confirmationId,
    callId: prepared.callId,
    digest: prepared.digest,
    ...(expiresAt !== undefined && { expiresAt }),
  }
  recordEvent(draft, at, {
    kind: 'confirmationRequired',
    toolCallId: prepared.callId,
    toolName: prepared.name,
    permission: prepared.permission,
    // Copied: `prepared` is a draft here, and a draft's object must not leak into the log.
    ...(prepared.permissionOrigin && { permissionOrigin: { ...prepared.permissionOrigin } }),
    preview: prepared.preview,
    digest: prepared.digest,
    payloadJson: prepared.argumentsJson,
    confirmationId,
    ...(expiresAt !== undefined && { expiresAt }),
  })
}

/** Ends the pending confirmation (it can never be used again) and logs who decided what. */
export function resolvePending(
  draft: RunDraft,
  at: Date,
  decision: 'allow' | 'deny',
  how: { decidedBy?: 'user' | 'policy' | 'timeout'; rule?: string },
  result?: ToolResult,
): void {
  const { pending, current } = draft
  if (pending === undefined) return
  retire(draft, pending.confirmationId)
  draft.pending = undefined
  recordEvent(draft, at, {
    kind: 'confirmationResolved',
    toolCallId: pending.callId,
    ...(current?.prepared && { toolName: current.prepared.name }),
    confirmationId: pending.confirmationId,
    decision,
    decidedBy: how.decidedBy ?? 'user',
    ...(how.rule !== undefined && { rule: how.rule }),
  })
  if (current === undefined) return
  if (decision === 'allow') current.confirmationId = pending.confirmationId
  if (result !== undefined) current.result = result
  else if (decision === 'deny') current.result = userDeniedResult
}

/** The user edited the arguments: a new proposal replaces the old one, whose id dies. */
export function applyEdit(draft: RunDraft, tools: PreparingRegistry, args: string): void {
  const { current, pending } = draft
  if (current === undefined || pending === undefined) return
  const prepared = tools.prepare(current.call.id, current.call.name, args)
  retire(draft, pending.confirmationId)
  draft.pending = undefined
  current.prepared = prepared
  current.editedArguments = prepared.argumentsJson
}

/** Appends the current call's result to the conversation and the log. */
export function reportResult(draft: RunDraft, at: Date): void {
  const current = draft.current
  if (current === undefined) return
  const result = current.result ?? toolFailure('execution_failed', 'no result')
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
  draft.messages.push({
    role: 'tool',
    toolCallId: current.call.id,
    name: current.call.name,
    content,
  })
  // A push, not a new array: immer would walk every entry of an array assigned to the draft.
  draft.toolCallIds ??= [...answeredCallIds(draft)]
  draft.toolCallIds.push(current.call.id)
  recordEvent(draft, at, {
    kind: result.ok ? 'toolCompleted' : 'toolFailed',
    toolCallId: current.call.id,
    toolName: current.call.name,
    ...(current.prepared && { permission: current.prepared.permission }),
    payloadJson: content,
    ...(!result.ok && { error: result.error }),
  })
  draft.current = undefined
}

/**
 * The ids of the calls already answered in this run, read from the context before this update
 * (reading a draft array proxies every entry). A run saved before `toolCallIds` has its messages.
 */
function answeredCallIds(draft: RunDraft): readonly string[] {
  const before = isDraft(draft) ? (original(draft) as AgentRunContext) : draft
  return (
    before.toolCallIds ?? before.messages.flatMap((m) => (m.role === 'tool' ? [m.toolCallId] : []))
  )
}

/** Ends the run as failed with a coded error. */
export function failRun(draft: RunDraft, at: Date, error: { code: string; message: string }): void {
  draft.error = error
  recordEvent(draft, at, { kind: 'runFailed', error })
}

/** Ends the run as cancelled; a pending confirmation dies with it. */
export function cancelRun(draft: RunDraft, at: Date, reason: string | undefined): void {
  if (draft.pending !== undefined) retire(draft, draft.pending.confirmationId)
  draft.pending = undefined
  draft.queue = []
  recordEvent(draft, at, { kind: 'runCancelled', ...(reason && { text: reason }) })
}

/** Marks a confirmation id dead; only the latest few are remembered, to name them in refusals. */
function retire(draft: RunDraft, confirmationId: string): void {
  draft.retiredConfirmationIds.push(confirmationId)
  if (draft.retiredConfirmationIds.length > retiredIdsKept) draft.retiredConfirmationIds.shift()
}
