import type { AgentRunMachineDeps } from '../machines/agentRunMachine.ts'
import type { RunCluster } from '../store/RunCluster.ts'
import type { RunStore } from '../store/RunStore.ts'
import type { ToolRegistry } from '../tools/ToolRegistry.ts'
import type { VersionedKind } from '../workspace/recordVersion.ts'
import type { AgentRuntimeOptions } from './AgentRuntime.ts'
import { CardEdits } from './cardEdits.ts'
import { createSerializer } from './createSerializer.ts'
import { RunDecisions } from './decisions.ts'
import type { ForeignRun } from './foreignRuns.ts'
import type { HeldRuns } from './HeldRuns.ts'
import { PolicyStore } from './PolicyStore.ts'
import { RunLauncher } from './RunLauncher.ts'
import type { RunParking } from './RunParking.ts'
import type { RunSession } from './RunSession.ts'
import { applyRelayedDecision } from './relayedDecision.ts'
import { RunEffects, savedWithItsEffect } from './runEffects.ts'
import type { FollowedRuns, RuntimeParts } from './runtimeMethods.ts'
import type { RuntimeSetup } from './runtimeSetup.ts'
import { SharedRuns } from './SharedRuns.ts'
import { createSessionHost } from './sessionHost.ts'
import { forgetRevoked } from './sharedPolicies.ts'

/** What a new run is given: the clock, ids, the system prompt and the run's limits. */
export function runStartDeps(
  options: AgentRuntimeOptions,
  { clock, generateId }: RuntimeSetup,
): RuntimeParts['runStart'] {
  return {
    clock,
    generateId,
    history:
      options.systemPrompt === undefined ? [] : [{ role: 'system', content: options.systemPrompt }],
    maxTurns: options.maxTurns,
    confirmationTimeoutMs: options.confirmationTimeoutMs,
  }
}

/** The runtime's parts launching runs is wired to. */
export interface LauncherParts {
  held: HeldRuns
  effects: RunEffects
  parking: RunParking
  atomic: readonly VersionedKind[]
  /** The runs followed here (bound late: they come with the shared runs, which launch runs). */
  foreign: () => FollowedRuns
}

/** The launcher of runs, over the session host with the run chart and the runtime's effects. */
export function launcherOf(
  options: AgentRuntimeOptions,
  { clock, generateId, store, onPersistError }: RuntimeSetup,
  { held, effects, parking, atomic, foreign }: LauncherParts,
): RunLauncher {
  const machine: AgentRunMachineDeps = {
    tools: options.tools,
    clock,
    generateId,
    approvalRules: options.approvalRules,
  }
  const host = createSessionHost({ machine, effects, held, parking, inspect: options.inspect })
  return new RunLauncher({
    host,
    held,
    store,
    effects,
    atomicKinds: atomic,
    onError: onPersistError,
    unfollow: (runId) => foreign().drop(runId),
  })
}

/** The runtime's parts its side of a store is wired to. */
export interface SharedRunsParts {
  store: RunStore
  cluster: RunCluster
  policies: PolicyStore
  policiesLoaded: Promise<unknown>
  held: HeldRuns
  atomic: readonly VersionedKind[]
  launcher: RunLauncher
  decisions: RunDecisions
  /** Applies the commands offered for a run while it was away. */
  applyCommands: (runId: string) => Promise<unknown>
}

/** The runtime's side of its store: restoring, taking over and following runs. */
export function sharedRunsOf(
  options: AgentRuntimeOptions,
  { clock, onPersistError }: RuntimeSetup,
  parts: SharedRunsParts,
): SharedRuns {
  const { held, launcher, decisions } = parts
  return new SharedRuns({
    store: parts.store,
    cluster: parts.cluster,
    tools: options.tools,
    policies: parts.policies,
    atomicKinds: parts.atomic,
    clock,
    sessionOf: (runId) => held.get(runId),
    launch: (runId, saved) => {
      launcher.launch(runId, { saved }, Promise.resolve())
      // Commands offered while the run was away, after its recovery (sent first).
      queueMicrotask(() => void parts.applyCommands(runId))
    },
    applyStored: (session, known) => decisions.applyStored(session, known),
    drop: (runId) => held.drop(runId),
    deliver: (event) => held.deliver(event),
    changed: (runId) => held.changed(runId),
    ready: parts.policiesLoaded,
    onError: onPersistError,
    ...(options.rescanEveryMs !== undefined && { rescanEveryMs: options.rescanEveryMs }),
    ...(options.timers !== undefined && { timers: options.timers }),
  })
}

/** The user's standing decisions, and their loading from the store (settled once loaded). */
export function keptPolicies(setup: RuntimeSetup, tools: ToolRegistry, cluster: RunCluster) {
  const { store, onPersistError } = setup
  const policies = new PolicyStore({
    generateId: setup.generateId,
    clock: setup.clock,
    permissionOf: (tool) => tools.permissionOf(tool),
    ...(store !== undefined && { save: (kept, change) => store.savePolicies(kept, change) }),
    forget: forgetRevoked(cluster),
    onSaveError: onPersistError,
  })
  const policiesLoaded =
    store === undefined
      ? Promise.resolve()
      : store.loadPolicies().then(
          ({ rules, invalid, corrupt }) =>
            policies.load(rules, {
              invalid,
              ...(corrupt !== undefined && { corruptFile: corrupt }),
            }),
          onPersistError,
        )
  return { policies, policiesLoaded }
}

/** What the decision path is wired to besides the runtime's options and setup. */
export interface DecisionPathParts {
  cluster: RunCluster
  policies: PolicyStore
  held: HeldRuns
  atomic: readonly VersionedKind[]
  followed: (runId: string) => ForeignRun | undefined
  reload: (runId: string) => Promise<void>
}

/**
 * The one decision path, the one path of a card's edits, the relay into the decisions (SQLite),
 * and the chart's effects that decide through it.
 */
export function decisionPath(
  options: AgentRuntimeOptions,
  { clock, generateId, store, onPersistError, timers, storeDecides }: RuntimeSetup,
  { cluster, policies, held, atomic, followed, reload }: DecisionPathParts,
) {
  const { model, tools, workspace } = options
  const workspaceFor = options.workspaceFor ?? (() => Promise.resolve(workspace))
  // An allow commits with the call it allows when the store's cards are in the database the
  // workspace writes to (one commit for both: see `HeldDecision`).
  const withEffects =
    atomic.length > 0 &&
    store?.cluster?.decidesWithEffects === true &&
    workspace.location.startsWith(`${store.location}#`)
  const decisions = new RunDecisions({
    cluster,
    clock,
    policies,
    approvalRules: options.approvalRules,
    sessionOf: (runId) => held.get(runId),
    followed,
    onError: onPersistError,
    storeDecides,
    ...(withEffects && {
      decidesWithEffect: (session: RunSession) =>
        savedWithItsEffect(session.state().context.current?.prepared, atomic),
      reload,
    }),
  })
  // Several processes on one folder (SQLite): decisions others make for runs held here come
  // through the store's relay and take the one decision path.
  const stopRelay =
    store?.cluster === undefined
      ? store?.relay?.serve((runId, offer) => applyRelayedDecision(decisions, runId, offer))
      : undefined
  const effects = new RunEffects({
    model,
    tools,
    workspaceFor,
    // Every workspace of one runtime is of one kind (a person's is opened like the default one).
    atomicKinds: atomic,
    clock,
    generateId,
    // A write's effect commits only while this node still holds the run's lease.
    ...(store?.cluster !== undefined && { owner: store.cluster.ownerId }),
    policies,
    decide: (decision) => decisions.decide(decision),
    serialize: createSerializer(),
    ...timers,
    onError: onPersistError,
    ...(withEffects && {
      takeHeld: (runId: string) => decisions.takeHeld(runId),
    }),
  })
  const edits = new CardEdits({ tools, workspaceFor, sessionOf: (runId) => held.get(runId) })
  return { decisions, edits, effects, stopRelay }
}

// Without a store nothing is ever owned elsewhere.
export const noForeignRuns: FollowedRuns = {
  get: () => undefined,
  has: () => false,
  drop: () => {},
  watch: () => () => {},
  ids: () => [] as string[],
}
