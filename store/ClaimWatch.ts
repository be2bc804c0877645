import type { RunStore } from './RunStore.ts'

/**
 * An optional extension of `RunStore` whose claims are leases that can run out: a node that
 * could not renew in time (paused, cut off) may find its run taken over, and must stop advancing it.
 */
export interface ClaimWatch {
  /** The owner name this store claims runs under (what `AtomicOutcomes` checks). */
  readonly ownerId: string
  /** Calls `listener` with each run this store held and has lost; returns an unsubscribe. */
  onClaimLost(listener: (runId: string) => void): () => void
  /** The open runs a claim could take now: no owner, this one, or a lease that ran out. */
  listClaimableRuns(): Promise<string[]>
}

/** Whether `store` reports lost claims (see `ClaimWatch`). */
export function hasClaimWatch(store: RunStore): store is RunStore & ClaimWatch {
  const candidate = store as Partial<ClaimWatch>
  return (
    typeof candidate.onClaimLost === 'function' && typeof candidate.listClaimableRuns === 'function'
  )
}
