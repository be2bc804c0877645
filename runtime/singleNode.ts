import type { EventFollow, FollowEventsOptions, RunCluster } from '../store/RunCluster.ts'
import type { RunStore } from '../store/RunStore.ts'

/** How long a decision relayed to another process waits for its answer. */
const relayTimeoutMs = 10_000
/** How often a run another process on the folder advances is read again while followed. */
const followPollMs = 50

/**
 * The one-node version of a store's `RunCluster`, for a store that serves one node (memory,
 * file) or none: cards are decided on this process's event loop by the run's guard; a decision
 * for a run another process on the same folder holds goes through the store's `relay` (if any),
 * and a command for one is refused as owned elsewhere. A run another process on the folder holds
 * is followed by reading its log again while someone here listens (the store has no event feed);
 * nothing else is shared, so nothing is reloaded.
 */
export function singleNode(
  store: RunStore | undefined,
  holds: (runId: string) => boolean,
  ownerId: string,
): RunCluster {
  let commandIds = 0
  const elsewhere = (runId: string) => `run ${runId} is owned by another runtime`
  const none = () => () => {}
  return {
    ownerId,
    onClaimLost: none,
    listClaimableRuns: async () => (store === undefined ? [] : store.listOpenRuns()),
    // Every offer for a held run is let through: the run's own guard, on this one event loop, is
    // the compare-and-set. Of two offers for one card the first to reach the run takes it; the
    // other finds its id retired and is refused there.
    // A run another process on the same folder holds is reached through the store's relay,
    // when it has one: that process applies the offer through its own decision path.
    async offerDecision(runId, offer) {
      if (holds(runId)) return { ok: true }
      const relayed = await store?.relay?.offer(runId, offer, relayTimeoutMs)
      return relayed ?? { ok: false, code: 'run_owned_elsewhere', message: elsewhere(runId) }
    },
    decidedUnresolved: async () => [],
    onDecision: none,
    // Nothing is kept between the offer and the run: a refused decision took nothing.
    releaseDecision: async () => {},
    async offerCommand(runId, _command) {
      if (!holds(runId))
        return { ok: false, code: 'run_owned_elsewhere', message: elsewhere(runId) }
      commandIds += 1
      return { ok: true, id: String(commandIds) }
    },
    pendingCommands: async () => [],
    onCommand: none,
    commandOutcome: async () => undefined,
    followEvents: (runId, options) =>
      store?.relay === undefined
        ? { caughtUp: Promise.resolve(), close: () => {} }
        : pollEvents(store, runId, options),
    // Rules kept or revoked by another process on the folder are read again here.
    onPoliciesChanged: (listener) => store?.relay?.onPoliciesChanged(listener) ?? (() => {}),
    keptRulesOf: async () => [],
    forgetKeptRules: async () => {},
  }
}

/**
 * Follows a run another process on the same folder advances, by reading its log after the last
 * event seen every `followPollMs` (as the store's relay looks for offers): each event once, in order.
 */
function pollEvents(store: RunStore, runId: string, options: FollowEventsOptions): EventFollow {
  let last = options.afterSeq ?? 0
  let closed = false
  let reading: Promise<void> = Promise.resolve()
  const read = () => {
    reading = reading
      .then(async () => {
        if (closed) return
        const events = (await store.readEvents(runId, last)).filter((e) => e.seq > last)
        if (closed || events.length === 0) return
        last = events.at(-1)?.seq ?? last
        options.onEvents(events)
      })
      .catch((error: unknown) =>
        options.onError?.(error instanceof Error ? error : new Error(String(error))),
      )
    return reading
  }
  const caughtUp = read()
  const timer = setInterval(() => void read(), followPollMs)
  // A follow alone must not keep a process alive.
  ;(timer as { unref?: () => void }).unref?.()
  return {
    caughtUp,
    close() {
      closed = true
      clearInterval(timer)
    },
  }
}
