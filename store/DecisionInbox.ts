import type { ConfirmationDecision } from '../vocabulary/Decision.ts'
import type { RunStore } from './RunStore.ts'

/** A decision on a confirmation card, as it arrives at whichever node the person reached. */
export interface DecisionOffer {
  confirmationId: string
  decision: ConfirmationDecision
  decidedBy: 'user' | 'policy' | 'timeout'
  /** The policy rule that decided, for `decidedBy: 'policy'`. */
  rule?: string
  /** When given, the card must be for exactly this call. */
  digest?: string
  /** The rule the user asked to keep with this decision, for the run's owner to hold. */
  keep?: KeptRuleRequest
}

/** A rule kept with a decision, as offered: the owner checks it again before it holds it. */
export interface KeptRuleRequest {
  tool: string
  effect: 'allow' | 'deny'
  scope: 'run' | 'session' | 'always'
  runId?: string
}

/** Whether an offered decision won the card: only one offer per card ever does. */
export type DecisionOfferResult =
  | { ok: true }
  | { ok: false; code: 'confirmation_not_found'; message: string }

/** A decision the store accepted and that the run's log has not resolved yet. */
export interface StoredDecision {
  runId: string
  confirmationId: string
  digest: string
  decision: ConfirmationDecision
  decidedBy: 'user' | 'policy' | 'timeout'
  rule?: string
  /** The rule kept with the decision, as stored: untrusted input until checked. */
  keep?: unknown
  /** ISO time the store accepted it. */
  decidedAt: string
}

/**
 * An optional extension of `RunStore` for runtimes on several nodes: decisions are decided in the
 * store, once. A store opens a card when a commit logs its `confirmationRequired` event and
 * closes it when a commit logs the matching `confirmationResolved`. `offerDecision` is a
 * compare-and-set on the open, undecided card, so of many nodes offering, one wins.
 */
export interface DecisionInbox {
  /** Decides the open card `confirmationId` of `runId`, unless it is decided, closed or unknown. */
  offerDecision(runId: string, offer: DecisionOffer): Promise<DecisionOfferResult>
  /** Accepted decisions of `runId` whose `confirmationResolved` is not logged yet, oldest first. */
  decidedUnresolved(runId: string): Promise<StoredDecision[]>
  /** Calls `listener` with the run id whenever any node accepts a decision; returns an unsubscribe. */
  onDecision(listener: (runId: string) => void): () => void
}

/** Whether `store` decides confirmations itself (see `DecisionInbox`). */
export function hasDecisionInbox(store: RunStore): store is RunStore & DecisionInbox {
  const candidate = store as Partial<DecisionInbox>
  return (
    typeof candidate.offerDecision === 'function' &&
    typeof candidate.decidedUnresolved === 'function' &&
    typeof candidate.onDecision === 'function'
  )
}
