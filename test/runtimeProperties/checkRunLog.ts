import { cardDigest } from '../../tools/digest.ts'
import type { AgentEvent } from '../../vocabulary/AgentEvent.ts'
import type { ChatMessage } from '../../vocabulary/ChatMessage.ts'
import type { AcceptedDecision } from './driveScenario.ts'
import type { RunLabel } from './scenario.ts'
import type { PlannedCall } from './scenarioModel.ts'

/** One run as it ended: its log, its conversation, the model requests it made, its status. */
export interface EndedRun {
  run: RunLabel
  events: readonly AgentEvent[]
  messages: readonly ChatMessage[]
  requests: readonly (readonly ChatMessage[])[]
  status: string
  calls: readonly PlannedCall[]
  accepted: readonly AcceptedDecision[]
}

const readKinds = new Set(['list_tasks', 'search_workspace'])
const isResult = (e: AgentEvent) => e.kind === 'toolCompleted' || e.kind === 'toolFailed'
const errorCode = (e: AgentEvent | undefined) => e?.error?.code

/** Checks one run's log and conversation against the confirmation rule; returns what is wrong. */
export function checkRunLog(ended: EndedRun): string[] {
  const { run, events, accepted } = ended
  const bad: string[] = []
  const fail = (what: string) => bad.push(`run ${run}: ${what}`)

  events.forEach((e, i) => {
    if (e.seq !== i + 1) fail(`event ${i + 1} has seq ${e.seq}`)
    if (e.runId !== events[0]?.runId) fail(`event ${e.seq} belongs to run ${e.runId}`)
  })

  // Decisions in the log are exactly the ones the user made and the runtime accepted, in order.
  const resolved = events.filter((e) => e.kind === 'confirmationResolved')
  const logged = resolved.map((e) => `${e.confirmationId}:${e.decision}:${e.toolCallId}`)
  const made = accepted.map((d) => `${d.confirmationId}:${d.decision}:${d.callId}`)
  if (logged.join() !== made.join()) fail(`resolved [${logged}] but the user decided [${made}]`)

  // Every step into `executing` for a non-read call follows an allow of that call's live id.
  let requested: AgentEvent | undefined
  let required: AgentEvent | undefined
  let decision: AgentEvent | undefined
  let cancelledAt: number | undefined
  for (const e of events) {
    if (cancelledAt !== undefined && !(e.kind === 'statusChanged' && e.status === 'cancelled')) {
      fail(`${e.kind} (seq ${e.seq}) after the run was cancelled`)
    }
    if (e.kind === 'runCancelled') cancelledAt = e.seq
    if (e.kind === 'toolRequested') [requested, required, decision] = [e, undefined, undefined]
    if (e.kind === 'confirmationRequired') {
      if (required !== undefined) fail(`call ${e.toolCallId} was asked about twice`)
      required = e
      // The card is decided by the call's digest bound to the target it shows.
      const digest = cardDigest(requested?.digest ?? '', e.description?.target)
      if (e.toolCallId !== requested?.toolCallId || e.digest !== digest) {
        fail(`confirmation ${e.confirmationId} is not bound to the call just prepared`)
      }
      if (e.permission === 'read') fail(`read call ${e.toolCallId} asked for confirmation`)
    }
    if (e.kind === 'confirmationResolved') decision = e
    if (
      e.kind === 'statusChanged' &&
      e.status === 'executing' &&
      requested?.permission !== 'read'
    ) {
      const ok =
        required !== undefined &&
        decision?.decision === 'allow' &&
        decision.confirmationId === required.confirmationId &&
        decision.toolCallId === requested?.toolCallId &&
        required.digest === cardDigest(requested?.digest ?? '', required.description?.target)
      if (!ok) fail(`${requested?.toolName} ${requested?.toolCallId} executed without its allow`)
    }
  }

  const issuedIds = events.filter((e) => e.kind === 'confirmationRequired')
  const open = issuedIds.filter((e) => !resolved.some((r) => r.confirmationId === e.confirmationId))
  const waiting = ended.status === 'awaitingConfirmation' ? 1 : 0
  const droppedByCancel = ended.status === 'cancelled' ? 1 : 0
  if (open.length > waiting + droppedByCancel) {
    fail(`confirmations ${open.map((e) => e.confirmationId)} ended without a decision`)
  }
  if (waiting === 1 && open.at(-1) !== issuedIds.at(-1)) fail('the live card is not the latest')

  for (const planned of ended.calls) bad.push(...checkCall(ended, planned))
  bad.push(...checkConversation(ended))
  return bad
}

function checkCall(ended: EndedRun, planned: PlannedCall): string[] {
  const bad: string[] = []
  const id = planned.call.id
  const fail = (what: string) => bad.push(`run ${ended.run}: ${planned.kind} ${id} ${what}`)
  const mine = ended.events.filter((e) => e.toolCallId === id)
  if (!mine.some((e) => e.kind === 'toolRequested')) return bad
  const asks = mine.filter((e) => e.kind === 'confirmationRequired')
  const results = mine.filter(isResult)
  const result = results[0]
  const decided = ended.accepted.filter((d) => d.callId === id)
  if (results.length > 1) fail(`has ${results.length} results`)
  if (decided.length > 1) fail(`was decided ${decided.length} times`)
  if (planned.kind === 'invalid_arguments' || planned.kind === 'unknown_tool') {
    if (asks.length > 0) fail('asked for confirmation though it could not be prepared')
    if (result !== undefined && errorCode(result) !== planned.kind) {
      fail(`failed with ${errorCode(result) ?? 'no error'}`)
    }
    return bad
  }
  if (readKinds.has(planned.kind)) {
    if (asks.length > 0) fail('is a read call but asked for confirmation')
    if (result !== undefined && result.kind !== 'toolCompleted')
      fail(`failed: ${errorCode(result)}`)
    return bad
  }
  // Asked once; a run cancelled while the card was still being described never asks (nor runs it).
  const cancelledBeforeCard =
    asks.length === 0 && result === undefined && ended.status === 'cancelled'
  if (asks.length !== 1 && !cancelledBeforeCard) fail(`was asked ${asks.length} times`)
  const choice = decided[0]?.decision
  if (choice === undefined && result !== undefined) fail('has a result without a decision')
  // Allowed after someone else changed what its card showed: nothing written, and the model told so.
  const changed = decided[0]?.targetChanged === true
  if (choice === 'allow' && result !== undefined) {
    if (changed && errorCode(result) !== 'target_changed') {
      fail(`was allowed after its target changed but reported ${errorCode(result) ?? 'done'}`)
    }
    if (!changed && result.kind !== 'toolCompleted') {
      fail(`was allowed but failed with ${errorCode(result)}`)
    }
    const told = ended.messages
      .filter((m) => m.role === 'tool' && m.toolCallId === id)
      .map((m) => (JSON.parse(m.content) as { error?: { code?: string } }).error?.code)
    if (changed && told.join() !== 'target_changed') {
      fail(`was allowed after its target changed but the model was told [${told}]`)
    }
  }
  if (choice === 'allow' && result === undefined && ended.status !== 'cancelled') {
    fail('was allowed but never reported')
  }
  if (choice === 'deny') {
    if (errorCode(result) !== 'user_denied') fail(`was denied but reported ${errorCode(result)}`)
    const replies = ended.messages.filter((m) => m.role === 'tool' && m.toolCallId === id)
    const codes = replies.map(
      (m) => (JSON.parse(m.content) as { error?: { code?: string } }).error?.code,
    )
    if (codes.join() !== 'user_denied') fail(`was denied but the model was told [${codes}]`)
  }
  return bad
}

function checkConversation(ended: EndedRun): string[] {
  const bad: string[] = []
  const all = JSON.stringify(ended.messages)
  // The conversation only grows, so every request the model saw is a prefix of it.
  for (const [i, request] of ended.requests.entries()) {
    const seen = JSON.stringify(request)
    if (!all.startsWith(seen.slice(0, -1)))
      bad.push(`run ${ended.run}: request ${i + 1} rewrote history`)
  }
  const last = ended.requests.at(-1)
  if (ended.status === 'awaitingInput' && last !== undefined) {
    const told = new Set(last.flatMap((m) => (m.role === 'tool' ? [m.toolCallId] : [])))
    for (const d of ended.accepted) {
      if (d.decision === 'deny' && !told.has(d.callId)) {
        bad.push(`run ${ended.run}: the model never heard that ${d.callId} was denied`)
      }
    }
  }
  return bad
}
