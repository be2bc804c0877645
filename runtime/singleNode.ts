import type { RunCluster } from '../store/RunCluster.ts'
import type { RunStore } from '../store/RunStore.ts'

// Cards decided or edited lately, by run and id; enough to keep two offers in flight for one card
// from both winning. Ids are never reused, so an old entry only refuses what is already dead.
const cardsRemembered = 4096

/**
 * The one-node version of a store's `RunCluster`, for a store that serves one node (memory,
 * file) or none: cards are decided on this process's event loop, one offer at a time, and a
 * command or decision for a run this runtime does not hold is refused as owned elsewhere (another
 * process on the same folder holds it). Nothing is shared, so nothing is followed or reloaded.
 */
export function singleNode(
  store: RunStore | undefined,
  holds: (runId: string) => boolean,
  ownerId: string,
): RunCluster {
  const taken = new Map<string, true>()
  let commandIds = 0
  const take = (runId: string, confirmationId: string): boolean => {
    const key = `${runId}\n${confirmationId}`
    if (taken.has(key)) return false
    taken.set(key, true)
    if (taken.size > cardsRemembered) taken.delete(taken.keys().next().value as string)
    return true
  }
  const elsewhere = (runId: string) => `run ${runId} is owned by another runtime`
  const none = () => () => {}
  return {
    ownerId,
    onClaimLost: none,
    listClaimableRuns: async () => (store === undefined ? [] : store.listOpenRuns()),
    async offerDecision(runId, offer) {
      if (!holds(runId))
        return { ok: false, code: 'run_owned_elsewhere', message: elsewhere(runId) }
      if (take(runId, offer.confirmationId)) return { ok: true }
      return {
        ok: false,
        code: 'confirmation_not_found',
        message: `confirmation ${offer.confirmationId} was already decided`,
      }
    },
    decidedUnresolved: async () => [],
    onDecision: none,
    async offerCommand(runId, command) {
      if (!holds(runId))
        return { ok: false, code: 'run_owned_elsewhere', message: elsewhere(runId) }
      // An edit closes its card to decisions offered after it, as a shared store's would.
      if (command.kind === 'edit' && !take(runId, command.confirmationId)) {
        return {
          ok: false,
          code: 'confirmation_not_found',
          message: `confirmation ${command.confirmationId} was already decided`,
        }
      }
      commandIds += 1
      return { ok: true, id: String(commandIds) }
    },
    pendingCommands: async () => [],
    onCommand: none,
    commandOutcome: async () => undefined,
    followEvents: () => ({ caughtUp: Promise.resolve(), close: () => {} }),
    onPoliciesChanged: none,
    keptRulesOf: async () => [],
    forgetKeptRules: async () => {},
  }
}
