import type { RunStore } from './RunStore.ts'

/**
 * An optional extension of `RunStore` whose claims are leases that can run out: a node that
 * could not renew in time (paused, cut off) may find its run taken over, and must stop advancing it.
 */
export interface ClaimWatch {
  /** Calls `listener` with each run this store held and has lost; returns an unsubscribe. */
  onClaimLost(listener: (runId: string) => void): () => void
}

/** Whether `store` reports lost claims (see `ClaimWatch`). */
export function hasClaimWatch(store: RunStore): store is RunStore & ClaimWatch {
  return typeof (store as Partial<ClaimWatch>).onClaimLost === 'function'
}
