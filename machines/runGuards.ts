import { cardDigest } from '../tools/digest.ts'
import type { ApprovalRules } from '../vocabulary/ApprovalRules.ts'
import type { Decision } from '../vocabulary/Decision.ts'
import { mayBeAllowedByRule, needsConfirmation } from '../vocabulary/PermissionLevel.ts'
import type { AgentRunContext, AgentRunEvent, CardEdit } from './agentRunTypes.ts'
import { type ApprovalVerdict, approvalVerdict } from './approvalRefusal.ts'

type GuardArgs = { context: AgentRunContext; event: AgentRunEvent }

/**
 * Why a decision is refused: it does not answer the open card (`confirmation_not_found`), it is
 * for another call than the card's (`input_changed`), or the host's approval rules do not let its
 * decider make it (`approver_not_allowed`).
 */
export interface DecisionRefusal {
  code: 'confirmation_not_found' | 'input_changed' | 'approver_not_allowed'
  message: string
}

const notFound = (message: string): DecisionRefusal => ({ code: 'confirmation_not_found', message })

/**
 * Why a decision does not answer the run's open card at time `now` under the host's approval
 * `rules`, or undefined when it does (an approval short of a quorum counts: see `approvalsNeeded`).
 * This is the one check of a decision: the chart's guards are made of it, and a caller that wants
 * to refuse early (with a reason) calls it too, never a copy of it.
 */
export function decisionRefusal(
  context: AgentRunContext,
  decision: Decision,
  now: Date,
  rules?: ApprovalRules,
): DecisionRefusal | undefined {
  const { pending, current } = context
  if (decision.runId !== context.runId) {
    return notFound(`the decision is for run ${decision.runId}, not run ${context.runId}`)
  }
  if (pending === undefined || current?.prepared === undefined) {
    return notFound(`run ${context.runId} is not waiting for a confirmation`)
  }
  if (decision.confirmationId !== pending.confirmationId) {
    return notFound(
      context.retiredConfirmationIds.includes(decision.confirmationId)
        ? `confirmation ${decision.confirmationId} was already decided`
        : `confirmation ${decision.confirmationId} is not the one run ${context.runId} is waiting for`,
    )
  }
  // The card must still be the call it was issued for, bound to the target it showed, and the
  // decider must have seen that card.
  if (
    pending.callId !== current.prepared.callId ||
    pending.digest !== cardDigest(current.prepared.digest, current.description?.target)
  ) {
    return notFound(`confirmation ${decision.confirmationId} no longer matches the call`)
  }
  if (decision.digest !== pending.digest) {
    return {
      code: 'input_changed',
      message: `confirmation ${decision.confirmationId} was issued for a different call`,
    }
  }
  // The clock only ever expires a card, and only one with a deadline that has passed.
  if (decision.by.kind === 'timeout') {
    if (decision.decision !== 'deny') return notFound('the clock cannot allow a call')
    if (pending.expiresAt === undefined)
      return notFound(`confirmation ${decision.confirmationId} has no deadline`)
    if (Date.parse(pending.expiresAt) > now.getTime()) {
      return notFound(`confirmation ${decision.confirmationId} has not expired yet`)
    }
  }
  // A rule may stand in for the user only on write tools, never destructive or execute.
  if (
    decision.by.kind === 'rule' &&
    decision.decision === 'allow' &&
    !mayBeAllowedByRule(current.prepared.permission)
  ) {
    return notFound(`a rule cannot allow a ${current.prepared.permission} call; it asks every time`)
  }
  const verdict = verdictOnCard(context, decision, rules)
  return verdict.kind === 'refused'
    ? { code: 'approver_not_allowed', message: verdict.message }
    : undefined
}

/**
 * How many more distinct approvals the open card needs after `decision` (0: it answers the card).
 * Meaningful for a decision `decisionRefusal` lets through.
 */
export function approvalsNeeded(
  context: AgentRunContext,
  decision: Decision,
  rules: ApprovalRules | undefined,
): number {
  const verdict = verdictOnCard(context, decision, rules)
  return verdict.kind === 'counts' ? verdict.needed : 0
}

// The approval rules' verdict on a decision for the run's open card.
function verdictOnCard(
  context: AgentRunContext,
  decision: Decision,
  rules: ApprovalRules | undefined,
): ApprovalVerdict {
  const prepared = context.current?.prepared
  if (prepared === undefined) return { kind: 'decides' }
  return approvalVerdict(
    rules,
    {
      permission: prepared.permission,
      tool: prepared.name,
      ...(prepared.permissionOrigin?.server !== undefined && {
        server: prepared.permissionOrigin.server,
      }),
      ...(context.startedBy !== undefined && { startedBy: context.startedBy }),
      approvals: context.pending?.approvals ?? [],
    },
    decision,
  )
}

/** Why an edit does not replace the run's open card, or undefined when it does (see `decisionRefusal`). */
export function editRefusal(context: AgentRunContext, edit: CardEdit): string | undefined {
  const { pending, current } = context
  if (edit.runId !== context.runId)
    return `the edit is for run ${edit.runId}, not run ${context.runId}`
  if (pending === undefined || current === undefined) {
    return `run ${context.runId} is not waiting for a confirmation`
  }
  if (edit.confirmationId !== pending.confirmationId) {
    return context.retiredConfirmationIds.includes(edit.confirmationId)
      ? `confirmation ${edit.confirmationId} was already decided`
      : `confirmation ${edit.confirmationId} is not the one run ${context.runId} is waiting for`
  }
  // An edit changes the arguments of this call only: never its id, never its tool.
  if (edit.prepared.callId !== current.call.id || edit.prepared.name !== current.call.name) {
    return `the edit is for another call than the one on confirmation ${edit.confirmationId}`
  }
  // A new proposal is described again: its card must not show the old target, or none.
  if (edit.prepared.describes && edit.description === undefined) {
    return 'the edited call was not described, so its card could not show what it changes'
  }
  return undefined
}

/** The run's guards: pure checks of context and event, the gates between its states. */
export function createRunGuards({
  clock,
  approvalRules,
}: {
  clock: () => Date
  approvalRules?: ApprovalRules | undefined
}) {
  // The event's decision, if it is one the runtime would send as this event and the card takes.
  const taken = ({ context, event }: GuardArgs): Decision | undefined =>
    (event.type === 'CONFIRM' || event.type === 'DENY') &&
    event.decision.decision === (event.type === 'CONFIRM' ? 'allow' : 'deny') &&
    // The clock decides through EXPIRE alone.
    event.decision.by.kind !== 'timeout' &&
    decisionRefusal(context, event.decision, clock(), approvalRules) === undefined
      ? event.decision
      : undefined
  return {
    turnHasToolCalls: ({ event }: GuardArgs) =>
      event.type === 'MODEL_DONE' && (event.turn.toolCalls?.length ?? 0) > 0,
    preparationFailed: ({ context }: GuardArgs) => context.current?.result !== undefined,
    isReadCall: ({ context }: GuardArgs) => {
      const permission = context.current?.prepared?.permission
      return permission !== undefined && !needsConfirmation(permission)
    },
    // Its card waits for what the call will change (a tool with a describe step).
    callDescribes: ({ context }: GuardArgs) => context.current?.prepared?.describes === true,
    hasQueuedCalls: ({ context }: GuardArgs) => context.queue.length > 0,
    stepLimitReached: ({ context }: GuardArgs) => context.turns >= context.maxTurns,
    // The one gate to `executing`: the id issued for this exact call, unused, for this run, the
    // digest of the call the decider saw, and a decider the host's rules let answer the card.
    confirmationMatches: (args: GuardArgs) => {
      const decision = taken(args)
      return decision !== undefined && approvalsNeeded(args.context, decision, approvalRules) === 0
    },
    // An approval the rules count that leaves the card waiting for more people.
    approvalCounts: (args: GuardArgs) => {
      const decision = taken(args)
      return decision !== undefined && approvalsNeeded(args.context, decision, approvalRules) > 0
    },
    // A restart found this card's outcome in the journal: it answers the card without executing.
    recoveryMatches: ({ context, event }: GuardArgs) =>
      event.type === 'RECOVER' &&
      context.pending !== undefined &&
      event.confirmationId === context.pending.confirmationId,
    resultIsForCurrentCall: ({ context, event }: GuardArgs) =>
      (event.type === 'TOOL_DONE' || event.type === 'TOOL_FAILED') &&
      event.callId === context.current?.call.id,
    // Only a call allowed on a card has a decision to lose (a read call has none).
    refusalIsForCurrentCall: ({ context, event }: GuardArgs) =>
      event.type === 'NOT_SAVED' &&
      event.callId === context.current?.call.id &&
      context.current.confirmationId !== undefined,
    // The describe step's answer counts for the call it was started for, and only while describing.
    descriptionIsForCurrentCall: ({ context, event }: GuardArgs) =>
      event.type === 'DESCRIBED' && event.callId === context.current?.call.id,
    editAccepted: ({ context, event }: GuardArgs) =>
      event.type === 'EDIT' && editRefusal(context, event.edit) === undefined,
    // Only the clock expires a card, and only once its deadline has passed.
    confirmationExpired: ({ context, event }: GuardArgs) =>
      event.type === 'EXPIRE' &&
      event.decision.by.kind === 'timeout' &&
      decisionRefusal(context, event.decision, clock(), approvalRules) === undefined,
  }
}

/** What something made for one card is bound to: a signature's ceremony, a sealed question. */
export interface CardBinding {
  runId?: string
  confirmationId?: string
  digest?: string
}

/**
 * Why something bound to one card does not belong to `card`: `other_card` (another run or card),
 * `other_call` (the card's id with another call's digest), or undefined when it belongs. Beside
 * the decision's own check above, the one comparison of a binding with its card.
 */
export function bindingMismatch(
  bound: CardBinding,
  card: CardBinding,
): 'other_card' | 'other_call' | undefined {
  if (bound.runId !== card.runId || bound.confirmationId !== card.confirmationId)
    return 'other_card'
  if (bound.digest !== card.digest) return 'other_call'
  return undefined
}
