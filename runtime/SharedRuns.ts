import type { RunCluster, StoredDecision } from '../store/RunCluster.ts'
import type { RunStore, StoredRunSnapshot } from '../store/RunStore.ts'
import type { ToolRegistry } from '../tools/ToolRegistry.ts'
import type { AgentEvent } from '../vocabulary/AgentEvent.ts'
import { isWellFormedId, quotedId } from '../vocabulary/ids.ts'
import type { VersionedKind } from '../workspace/recordVersion.ts'
import { AgentError } from './AgentError.ts'
import type { RuntimeTimers } from './AgentRuntime.ts'
import { ForeignRuns } from './foreignRuns.ts'
import { holdRunRules } from './keptRules.ts'
import type { SavedRun } from './loadSavedRun.ts'
import type { PolicyStore } from './PolicyStore.ts'
import type { RunSession } from './RunSession.ts'
import {
  type AuditedCalls,
  noteForeign,
  type RestoreRunsOptions,
  restoreRun,
} from './restoreRuns.ts'
import { followSharedPolicies } from './sharedPolicies.ts'

/** What `SharedRuns` needs from its runtime. */
export interface SharedRunsDeps {
  store: RunStore
  /** What the store shares between nodes (the one-node version for a store that serves one). */
  cluster: RunCluster
  tools: ToolRegistry
  /** The runtime's rules: kept decisions' rules join them, and shared stores reload them. */
  policies: PolicyStore
  /** The record kinds the workspace commits with their outcomes (see `AtomicOutcomes`). */
  atomicKinds: readonly VersionedKind[]
  clock: () => Date
  /** The runs this runtime holds, by id. */
  sessionOf: (runId: string) => RunSession | undefined
  /** Starts a restored run. */
  launch: (runId: string, saved: SavedRun) => void
  /** Sends a run's decisions other nodes won to it (see `RunDecisions.applyStored`). */
  applyStored: (session: RunSession, known?: StoredDecision) => Promise<void>
  /** Drops a live run without saving (another node took it). */
  drop: (runId: string) => void
  deliver: (event: AgentEvent) => void
  changed: (runId: string) => void
  ready: Promise<unknown>
  onError: (error: unknown) => void
  rescanEveryMs?: number
  timers?: RuntimeTimers
}

// How many runs one rescan restores at once (each waits mostly on the store).
const restoresAtOnce = 8

const realTimers: RuntimeTimers = {
  setInterval: (callback, ms) => {
    const handle = setInterval(callback, ms)
    // A rescan alone must not keep a process alive.
    ;(handle as { unref?: () => void }).unref?.()
    return handle
  },
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
}

/**
 * A runtime's side of a store other runtimes may share: restoring and taking over runs (one
 * restore of a run at a time, whoever asks), following runs owned elsewhere, applying decisions
 * other nodes stored, stopping runs whose lease was lost, and rescanning for runs whose owner died.
 */
export class SharedRuns {
  readonly foreign: ForeignRuns
  readonly #deps: SharedRunsDeps
  readonly #restoring: RestoreRunsOptions
  // A rescan's: a run another node holds is left alone, not read.
  readonly #rescanLook: RestoreRunsOptions
  readonly #inFlight = new Map<string, Promise<'restored' | 'foreign' | 'none'>>()
  readonly #unsubscribes: (() => void)[] = []
  readonly #timers: RuntimeTimers
  readonly #rescan: unknown
  #rescanning: Promise<unknown> | undefined

  constructor(deps: SharedRunsDeps) {
    this.#deps = deps
    const { store, cluster, onError } = deps
    this.foreign = new ForeignRuns({
      store,
      cluster,
      deliver: deps.deliver,
      changed: deps.changed,
      onError,
    })
    this.#restoring = {
      store,
      tools: deps.tools,
      atomicKinds: deps.atomicKinds,
      clock: deps.clock,
      skip: (runId) => deps.sessionOf(runId) !== undefined,
      onForeign: (runId, seen) => this.foreign.note(runId, seen),
      onError,
      // A run rule outlives its owner: the next one holds it before the run goes on.
      prepare: (runId, saved) =>
        holdRunRules(cluster, deps.policies, runId, saved.log, onError).catch(onError),
      launch: (runId, saved) => {
        deps.launch(runId, saved)
        this.foreign.drop(runId)
        // Decisions taken on other nodes while the run was away, after its recovery (sent first).
        queueMicrotask(() => void this.applyDecisions(runId))
      },
    }
    this.#rescanLook = { ...this.#restoring, noteForeign: false }
    const { policies, ready } = deps
    const follow = followSharedPolicies({ store, cluster, policies, ready, onError })
    this.#unsubscribes.push(
      cluster.onDecision((runId, decision) => void this.applyDecisions(runId, decision)),
      () => follow.stop(),
      cluster.onClaimLost((runId) => {
        if (deps.sessionOf(runId) === undefined) return
        // The new owner has it: stop here without saving, and follow it from now on.
        deps.drop(runId)
        void noteForeign(this.#restoring, runId).catch(onError)
      }),
    )
    this.#timers = deps.timers ?? realTimers
    this.#rescan =
      deps.rescanEveryMs === undefined
        ? undefined
        : this.#timers.setInterval(() => {
            this.#rescanning ??= this.restoreAll({ claimableOnly: true })
              .catch(onError)
              .finally(() => {
                this.#rescanning = undefined
              })
          }, deps.rescanEveryMs)
  }

  /** Sends the run's stored, unlogged decisions (or the one `known`) to its actor if it runs here. */
  applyDecisions(runId: string, known?: StoredDecision): Promise<void> {
    const session = this.#deps.sessionOf(runId)
    if (session === undefined) return Promise.resolve()
    return this.#deps.applyStored(session, known).catch(this.#deps.onError)
  }

  /**
   * Restores every open run this runtime can claim; notes the others. Returns the restored ids.
   * `claimableOnly` (the rescan): with leases, look only at runs a claim could take now, so a
   * rescan neither tries to claim nor follows every run that lives on another node.
   */
  async restoreAll(options: { claimableOnly?: boolean } = {}): Promise<string[]> {
    await this.#deps.ready
    const restored: string[] = []
    const audited: AuditedCalls = {}
    const { store, cluster } = this.#deps
    const candidates =
      options.claimableOnly === true
        ? await cluster.listClaimableRuns()
        : await store.listOpenRuns()
    // A few at a time: a node taking over a dead one's thousand runs waits on the database, not
    // on one run's reads after another.
    // Each node starts at its own place in the list, so nodes taking over one dead node's runs
    // together mostly claim different runs rather than race for the same ones.
    const start = Math.floor(Math.random() * candidates.length)
    const queue = [...candidates.slice(start), ...candidates.slice(0, start)]
    const look = options.claimableOnly === true ? this.#rescanLook : this.#restoring
    const worker = async () => {
      for (let runId = queue.shift(); runId !== undefined; runId = queue.shift()) {
        if (this.#deps.sessionOf(runId) !== undefined) continue
        try {
          if ((await this.#restoreOne(runId, audited, undefined, look)) === 'restored') {
            restored.push(runId)
          }
        } catch (error) {
          this.#deps.onError(error)
        }
      }
    }
    await Promise.all(Array.from({ length: restoresAtOnce }, worker))
    // In the store's order, however the restores interleaved.
    const taken = new Set(restored)
    return candidates.filter((runId) => taken.has(runId))
  }

  /** Makes a run known here: restored if it can be claimed, else followed; `run_not_found` if none. */
  async locate(runId: string): Promise<void> {
    const missing = new AgentError('run_not_found', `no run has id ${quotedId(runId)}`)
    if (!isWellFormedId(runId)) throw missing
    if (this.#deps.sessionOf(runId) !== undefined || this.foreign.has(runId)) return
    await this.#deps.ready
    // A claim would create the run in some stores: only a saved run is looked for further.
    const peeked = await this.#deps.store.peekRun(runId)
    if (peeked === undefined) throw missing
    const found = await this.#restoreOne(runId, {}, peeked)
    if (this.#deps.sessionOf(runId) !== undefined || this.foreign.has(runId)) return
    if (found === 'restored') return
    // An ended run (or one just taken elsewhere): shown as saved, read-only.
    if (!(await noteForeign(this.#restoring, runId))) throw missing
  }

  close(): void {
    if (this.#rescan !== undefined) this.#timers.clearInterval(this.#rescan)
    for (const unsubscribe of this.#unsubscribes.splice(0)) unsubscribe()
    this.foreign.close()
  }

  #restoreOne(
    runId: string,
    audited: AuditedCalls,
    peeked?: StoredRunSnapshot,
    restoring = this.#restoring,
  ) {
    if (this.#deps.sessionOf(runId) !== undefined) return Promise.resolve('none' as const)
    let running = this.#inFlight.get(runId)
    if (running === undefined) {
      running = restoreRun(restoring, runId, audited, peeked).finally(() =>
        this.#inFlight.delete(runId),
      )
      this.#inFlight.set(runId, running)
    }
    return running
  }
}
