import type { AgentEvent } from '../../../vocabulary/AgentEvent.ts'
import type { CallDescription, CallTarget } from '../../../vocabulary/CallDescription.ts'
import type { ExplorerEvent, RunStep } from './explorerTypes.ts'

/** Where an issued confirmation id stands, by the explorer's own account. */
export type IdState =
  | 'live'
  | 'allowed'
  | 'denied'
  | 'edited'
  | 'expired'
  | 'recovered'
  | 'dropped'
  | 'superseded'

/** One confirmation id the run issued, and the exact call it was issued for. */
export interface IssuedId {
  callId: string
  digest: string
  toolName: string
  /** When the card expires (ISO), as the log announced it. */
  expiresAt?: string
  /** Who approved it so far, as the log's `confirmationApproved` entries said (a card with a quorum). */
  approvals: readonly string[]
  /** The target the card showed, as the log announced it: the call may write only at it. */
  target?: CallTarget
  state: IdState
}

/** The explorer's bookkeeping along one path, kept from the run's `confirmationRequired` events. */
export interface Ledger {
  issued: ReadonlyMap<string, IssuedId>
  /** Issue order, so "the latest id for a call" is defined. */
  order: readonly string[]
  /** Ids issued a second time (a reuse). */
  reissued: readonly string[]
  /** Calls refused by the user (DENY) or by the clock (expiry), with the result code they must get. */
  refusedCalls: readonly { callId: string; code: 'user_denied' | 'confirmation_expired' }[]
  /**
   * What the effects and edits delivered for each call, by the explorer's account: the latest
   * `DESCRIBED` the run took for it, or the description an accepted edit carried (none: absent).
   */
  described: ReadonlyMap<string, CallDescription | undefined>
  cancelled: boolean
}

/** The ledger before any step. */
export const emptyLedger: Ledger = {
  issued: new Map(),
  order: [],
  reissued: [],
  refusedCalls: [],
  described: new Map(),
  cancelled: false,
}

const deciding: Record<string, IdState> = {
  CONFIRM: 'allowed',
  DENY: 'denied',
  EDIT: 'edited',
  EXPIRE: 'expired',
  RECOVER: 'recovered',
}

/** The confirmation id an event answers, for the events that answer one. */
export function answeredId(event: ExplorerEvent): string | undefined {
  switch (event.type) {
    case 'CONFIRM':
    case 'DENY':
    case 'EXPIRE':
      return event.decision.confirmationId
    case 'EDIT':
      return event.edit.confirmationId
    case 'RECOVER':
      return event.confirmationId
    default:
      return undefined
  }
}

/** The log entries a step appended. */
export function newLogEntries(step: RunStep): AgentEvent[] {
  return step.logged
}

/** Whether the step logged an approval that left its card open (a card short of its quorum). */
export function approvalCounted(step: RunStep): boolean {
  const entries = newLogEntries(step)
  return (
    entries.some((e) => e.kind === 'confirmationApproved') &&
    !entries.some((e) => e.kind === 'confirmationResolved')
  )
}

/** Whether the run took a step on an event that answers a confirmation id, instead of refusing it. */
export function decisionAccepted(step: RunStep): boolean {
  const { before, after, event } = step
  if (answeredId(event) === undefined) return false
  return (
    step.transitions.length > 0 ||
    after.value !== before.value ||
    after.context.pending !== before.context.pending ||
    newLogEntries(step).some((e) => e.kind === 'confirmationResolved')
  )
}

/** The ledger after a step: new ids are live; answered, replaced and cancelled ids die. */
export function advanceLedger(ledger: Ledger, step: RunStep): Ledger {
  const issued = new Map(ledger.issued)
  const order = [...ledger.order]
  const reissued = [...ledger.reissued]
  const refusedCalls = [...ledger.refusedCalls]
  const described = new Map(ledger.described)
  const kill = (id: string, state: IdState) => {
    const entry = issued.get(id)
    if (entry?.state !== 'live') return
    issued.set(id, { ...entry, state })
    if (state === 'denied') refusedCalls.push({ callId: entry.callId, code: 'user_denied' })
    if (state === 'expired')
      refusedCalls.push({ callId: entry.callId, code: 'confirmation_expired' })
  }
  const { event } = step
  const answered = answeredId(event)
  // An approval short of the quorum leaves its id live, one approver richer.
  for (const entry of newLogEntries(step)) {
    if (entry.kind !== 'confirmationApproved' || entry.confirmationId === undefined) continue
    const issuedId = issued.get(entry.confirmationId)
    if (issuedId?.state === 'live' && entry.decider !== undefined)
      issued.set(entry.confirmationId, {
        ...issuedId,
        approvals: [...issuedId.approvals, entry.decider.id],
      })
  }
  if (answered !== undefined && decisionAccepted(step) && !approvalCounted(step))
    kill(answered, deciding[event.type] ?? 'dropped')
  if (event.type === 'DESCRIBED' && step.transitions.length > 0)
    described.set(event.callId, event.description)
  if (event.type === 'EDIT' && decisionAccepted(step))
    described.set(event.edit.prepared.callId, event.edit.description)
  for (const entry of newLogEntries(step)) {
    if (entry.kind !== 'confirmationResolved' || entry.confirmationId === undefined) continue
    const state =
      entry.decidedBy === 'timeout' ? 'expired' : entry.decision === 'deny' ? 'denied' : 'allowed'
    kill(entry.confirmationId, state)
  }
  const cancelled =
    ledger.cancelled || (event.type === 'CANCEL' && step.after.value === 'cancelled')
  if (cancelled) for (const id of order) kill(id, 'dropped')
  for (const entry of newLogEntries(step)) {
    if (entry.kind !== 'confirmationRequired' || entry.confirmationId === undefined) continue
    const id = entry.confirmationId
    if (issued.has(id)) reissued.push(id)
    for (const other of order) kill(other, 'superseded')
    issued.set(id, {
      callId: entry.toolCallId ?? '',
      digest: entry.digest ?? '',
      toolName: entry.toolName ?? '',
      ...(entry.expiresAt !== undefined && { expiresAt: entry.expiresAt }),
      approvals: [],
      ...(entry.description?.target !== undefined && { target: entry.description.target }),
      state: 'live',
    })
    order.push(id)
  }
  return { issued, order, reissued, refusedCalls, described, cancelled }
}

/** The latest id issued for a call, if any. */
export function latestIdFor(ledger: Ledger, callId: string): string | undefined {
  return ledger.order.findLast((id) => ledger.issued.get(id)?.callId === callId)
}
