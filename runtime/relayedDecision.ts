import type { DecisionOffer, DecisionOfferResult } from '../store/RunCluster.ts'
import type { DecidedBy } from '../vocabulary/Decision.ts'
import { LostDecision } from './decisionErrors.ts'
import type { RunDecisions } from './decisions.ts'

/**
 * Applies a decision another process on the same folder offered for a run held here (through
 * the store's `DecisionRelay`): the same `RunDecisions.decide` a click here takes, so the chart's
 * guard judges it like any other; a refusal is an answer, never a throw.
 */
export async function applyRelayedDecision(
  decisions: RunDecisions,
  runId: string,
  offer: DecisionOffer,
): Promise<DecisionOfferResult> {
  const by: DecidedBy =
    offer.decidedBy === 'timeout'
      ? { kind: 'timeout' }
      : offer.decidedBy === 'policy'
        ? { kind: 'rule', rule: offer.rule ?? 'a rule' }
        : { kind: 'user', ...offer.decider }
  try {
    const outcome = await decisions.decide({
      runId,
      confirmationId: offer.confirmationId,
      decision: offer.decision,
      digest: offer.digest,
      by,
      ...(offer.keep !== undefined && { remember: offer.keep.scope }),
      ...(offer.receipt !== undefined && { receipt: offer.receipt }),
    })
    return outcome === 'counted' ? { ok: true, counted: true } : { ok: true }
  } catch (error) {
    return {
      ok: false,
      code: 'confirmation_not_found',
      message: error instanceof Error ? error.message : String(error),
      // The decider learns which decision took the card (its own node cannot see this run's log).
      ...(error instanceof LostDecision && error.to !== undefined && { lost: error.to }),
    }
  }
}
