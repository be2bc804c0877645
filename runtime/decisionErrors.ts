import type { AgentEvent } from '../vocabulary/AgentEvent.ts'
import type { WinningDecision } from '../vocabulary/DecisionRequest.ts'
import { AgentError } from './AgentError.ts'

/**
 * A decision another decision beat to its card (a compare-and-set lost): it changed nothing.
 * Still a `confirmation_not_found` for callers that only want to know it did not take.
 */
export class LostDecision extends AgentError {
  constructor(
    message: string,
    /** The decision that took the card, when this node knows it. */
    readonly to?: WinningDecision,
  ) {
    super('confirmation_not_found', message)
  }
}

/** The decision a run's log says took card `confirmationId`, if it logged one. */
export function winnerIn(
  log: readonly AgentEvent[],
  confirmationId: string,
): WinningDecision | undefined {
  const resolved = log.findLast(
    (e) => e.kind === 'confirmationResolved' && e.confirmationId === confirmationId,
  )
  if (resolved?.decision === undefined) return undefined
  return {
    decision: resolved.decision,
    decidedBy: resolved.decidedBy ?? 'user',
    ...(resolved.decider !== undefined && { decider: resolved.decider }),
  }
}

/** The lost decision for card `confirmationId` when the log says another took it, else a refusal. */
export function lostOrRefused(log: readonly AgentEvent[], confirmationId: string, refused: string) {
  const to = winnerIn(log, confirmationId)
  return to === undefined
    ? new AgentError('confirmation_not_found', refused)
    : new LostDecision(`confirmation ${confirmationId} was decided first by another decision`, to)
}

/**
 * A decision refused for a reason finer than `confirmation_not_found` (its code for callers that
 * only want to know it did not take): `reason` says which.
 */
export class RefusedDecision extends AgentError {
  constructor(
    readonly reason: 'input_changed' | 'confirmation_expired',
    message: string,
  ) {
    super('confirmation_not_found', message)
  }
}
