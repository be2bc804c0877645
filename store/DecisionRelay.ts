import type { DecisionOffer, DecisionOfferResult } from './RunCluster.ts'

/**
 * What a store serving several processes on one machine (one SQLite folder) adds so a decision
 * made in one process reaches the process that holds the run: the decider offers, the holder's
 * runtime applies the offer through its one decision path and answers. A store shared by nodes
 * (`RunCluster`) decides in the store instead and has no relay.
 */
export interface DecisionRelay {
  /**
   * Passes a decision to the live process holding `runId` and waits up to `timeoutMs` for what
   * came of it; undefined when no live process holds the run or none answered in time (the offer
   * is then withdrawn: it never applies later).
   */
  offer(
    runId: string,
    offer: DecisionOffer,
    timeoutMs: number,
  ): Promise<DecisionOfferResult | undefined>
  /**
   * Hands `apply` every decision offered for a run this store holds, each once, and records its
   * answer for the decider; returns the stop.
   */
  serve(apply: (runId: string, offer: DecisionOffer) => Promise<DecisionOfferResult>): () => void
  /**
   * Calls `listener` whenever another process changed the kept rules (so a rule kept or revoked
   * in one applies in every process without a restart); returns the stop.
   */
  onPoliciesChanged(listener: () => void): () => void
}
