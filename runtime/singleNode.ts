import type { RunCluster } from '../store/RunCluster.ts'
import type { RunStore } from '../store/RunStore.ts'
import { pollRunEvents } from './pollRunEvents.ts'

/** How long a decision relayed to another process waits for its answer. */
const relayTimeoutMs = 10_000

/**
 * The one-node version of a store's `RunCluster`, for a store that serves one node (memory,
 * file) or none: cards are decided on this process's event loop by the run's guard; a decision
 * for a run another process on the same folder holds goes through the store's `relay` (if any),
 * and a command for one is refused as owned elsewhere; such a run is followed through the folder's
 * log. Nothing else is shared, so nothing is reloaded.
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
    // A run another process on the same folder holds is followed through the folder's log (a
    // page of the app shows the gateway's run as it goes); a store of this node alone has none.
    followEvents: (runId, options) =>
      store?.relay === undefined
        ? { caughtUp: Promise.resolve(), close: () => {} }
        : pollRunEvents(store, runId, options),
    // Rules kept or revoked by another process on the folder are read again here.
    onPoliciesChanged: (listener) => store?.relay?.onPoliciesChanged(listener) ?? (() => {}),
    keptRulesOf: async () => [],
    forgetKeptRules: async () => {},
  }
}
