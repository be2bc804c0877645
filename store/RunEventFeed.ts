import type { AgentEvent } from '../vocabulary/AgentEvent.ts'
import type { RunStore } from './RunStore.ts'

/** What `followEvents` calls back with. */
export interface FollowEventsOptions {
  /** Deliver only events with a greater `seq` (0, the default, delivers the whole log). */
  afterSeq?: number
  /** Receives the next events of the run, in `seq` order, with no gap and no repeat. */
  onEvents: (events: AgentEvent[]) => void
  /** Told when the store could not read or listen for a while; following goes on. */
  onError?: (error: Error) => void
}

/** A running follow; `close()` stops it. */
export interface EventFollow {
  /** Resolves once the events already logged when following began were delivered. */
  readonly caughtUp: Promise<void>
  close(): void
}

/**
 * An optional extension of `RunStore`: any node can follow a run that another node advances.
 * The store wakes the follower when a commit logs events and re-reads after a reconnect, so the
 * follower sees every event exactly once and in order.
 */
export interface RunEventFeed {
  /** Follows `runId`'s event log from `afterSeq`. */
  followEvents(runId: string, options: FollowEventsOptions): EventFollow
}

/** Whether `store` can feed events committed by other nodes (see `RunEventFeed`). */
export function hasRunEventFeed(store: RunStore): store is RunStore & RunEventFeed {
  return typeof (store as Partial<RunEventFeed>).followEvents === 'function'
}
