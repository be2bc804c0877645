import type { StoredDecision } from './DecisionInbox.ts'
import type { RunStore } from './RunStore.ts'

/** A rule kept with an accepted decision, and the decision it came with. */
export type StoredKeptRule = Pick<StoredDecision, 'confirmationId' | 'decision' | 'decidedBy'> & {
  /** As stored: untrusted input until checked. */
  keep: unknown
}

/**
 * An optional extension of `RunStore` for runtimes on several nodes that keep their rules in
 * one place: a save of the kept ("always") rules tells the other nodes, so they read them
 * again, and the rules kept with a run's decisions can be read back by whoever owns it next.
 */
export interface SharedPolicies {
  /**
   * Calls `listener` whenever any node saved the kept rules, and after a lost connection to the
   * store comes back (a save may have been missed meanwhile); returns an unsubscribe.
   */
  onPoliciesChanged(listener: () => void): () => void
  /** The rules kept with the accepted decisions of `runId`, oldest first. */
  keptRulesOf(runId: string): Promise<StoredKeptRule[]>
  /** Drops the kept rules of `runId` for `tool` and `effect`: revoked, they never come back. */
  forgetKeptRules(runId: string, tool: string, effect: string): Promise<void>
}

/** Whether `store` shares its kept rules between nodes (see `SharedPolicies`). */
export function hasSharedPolicies(store: RunStore): store is RunStore & SharedPolicies {
  const candidate = store as Partial<SharedPolicies>
  return (
    typeof candidate.onPoliciesChanged === 'function' &&
    typeof candidate.keptRulesOf === 'function' &&
    typeof candidate.forgetKeptRules === 'function'
  )
}
