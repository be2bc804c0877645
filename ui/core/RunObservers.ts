import type { RunObserver, RunSnapshotView } from './RunSource.ts'

/**
 * The observers of one run source: `subscribe` in the actor shape (an observer, or its `next`
 * with `error` and `complete`), and what the source tells them. Local and remote clients share it.
 */
export class RunObservers {
  readonly #observers = new Set<RunObserver>()

  /** Adds an observer, given in either form `RunSource.subscribe` takes; returns its subscription. */
  subscribe(
    observer: RunObserver | ((snapshot: RunSnapshotView) => void),
    error?: (error: unknown) => void,
    complete?: () => void,
  ): { unsubscribe(): void } {
    const wrapped: RunObserver =
      typeof observer === 'function'
        ? {
            next: observer,
            ...(error !== undefined && { error }),
            ...(complete !== undefined && { complete }),
          }
        : observer
    this.#observers.add(wrapped)
    return { unsubscribe: () => this.#observers.delete(wrapped) }
  }

  /** Tells every observer the new snapshot (one that unsubscribes meanwhile is still told this one). */
  next(snapshot: RunSnapshotView): void {
    for (const observer of [...this.#observers]) observer.next?.(snapshot)
  }

  /** Tells every observer the run is over. */
  complete(): void {
    for (const observer of [...this.#observers]) observer.complete?.()
  }
}
