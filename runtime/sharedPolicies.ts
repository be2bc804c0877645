import type { RunCluster } from '../store/RunCluster.ts'
import type { RunStore } from '../store/RunStore.ts'
import type { PolicyRule } from '../workspace/policyFile.ts'
import type { PolicyStore } from './PolicyStore.ts'

/** What following another node's rule saves needs. */
export interface SharedPoliciesDeps {
  store: RunStore
  cluster: RunCluster
  policies: PolicyStore
  /** Resolves once the rules were first loaded; no reload runs before. */
  ready: Promise<unknown>
  onError: (error: unknown) => void
}

/** A running follow of the shared rules. */
export interface SharedPoliciesFollow {
  /** Resolves once no reload is running or due. */
  settled(): Promise<void>
  stop(): void
}

/**
 * Reloads the kept ("always") rules whenever another node saved them (and once the store listens,
 * and after a reconnect),
 * so "always deny delete_task" kept on one node applies on every node without a restart. Reloads
 * run one at a time; a wake during one brings one more. A read that fails changes nothing; a read
 * that raced a change made here is dropped, since that change's save writes what this node holds.
 */
export function followSharedPolicies(deps: SharedPoliciesDeps): SharedPoliciesFollow {
  const { store, cluster, policies, onError } = deps
  let running: Promise<void> | undefined
  let again = false
  let stopped = false

  const reloadOnce = async (): Promise<void> => {
    await deps.ready
    // This node's own save first, so the read is not older than what it holds.
    await policies.flush()
    const before = policies.keptChanges()
    const { rules, invalid, corrupt } = await store.loadPolicies()
    if (stopped || policies.keptChanges() !== before) return
    policies.reload(rules, { invalid, ...(corrupt !== undefined && { corruptFile: corrupt }) })
  }
  const wake = (): void => {
    if (stopped) return
    if (running !== undefined) {
      again = true
      return
    }
    running = reloadOnce()
      .catch(onError)
      .finally(() => {
        running = undefined
        if (again) {
          again = false
          wake()
        }
      })
  }
  const unsubscribe = cluster.onPoliciesChanged(wake)
  return {
    async settled() {
      while (running !== undefined) await running
    },
    stop() {
      stopped = true
      unsubscribe()
    },
  }
}

/** The `forget` of a `PolicyStore` over a shared store: a revoked run rule leaves the store too. */
export function forgetRevoked(cluster: RunCluster): (rule: PolicyRule) => Promise<void> {
  return async (rule) => {
    if (rule.scope === 'run' && rule.runId !== undefined) {
      await cluster.forgetKeptRules(rule.runId, rule.tool, rule.effect)
    }
  }
}
