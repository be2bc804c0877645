import { atomicOutcomesOf } from '../workspace/AtomicOutcomes.ts'
import type { AgentRuntime, AgentRuntimeOptions } from './AgentRuntime.ts'
import { HeldRuns } from './HeldRuns.ts'
import { RunParking } from './RunParking.ts'
import { RunCommands } from './runCommands.ts'
import { type FollowedRuns, publicRuntime } from './runtimeMethods.ts'
import {
  decisionPath,
  keptPolicies,
  launcherOf,
  noForeignRuns,
  runStartDeps,
  sharedRunsOf,
} from './runtimeParts.ts'
import { runtimeSetup } from './runtimeSetup.ts'
import { singleNode } from './singleNode.ts'

/** Creates a runtime over a model, a tool registry, a workspace and a run store. */
export function createAgentRuntime(options: AgentRuntimeOptions): AgentRuntime {
  const setup = runtimeSetup(options)
  const { generateId, store, onPersistError } = setup
  const { tools, workspace } = options
  const held = new HeldRuns()
  // A store shared by several nodes says so once; any other serves this node alone.
  const cluster =
    store?.cluster ?? singleNode(store, (runId) => held.get(runId) !== undefined, generateId())
  const { policies, policiesLoaded } = keptPolicies(setup, tools, cluster)
  // The record kinds the workspace commits with a call's outcome (none: no atomic outcomes).
  const atomic = atomicOutcomesOf(workspace)?.atomicKinds ?? []
  const followed = (runId: string) => foreign.get(runId)
  const { decisions, edits, effects, stopRelay } = decisionPath(options, setup, {
    cluster,
    policies,
    held,
    atomic,
    followed,
    reload: async (runId) => {
      held.drop(runId)
      await shared?.locate(runId)
    },
  })
  const parking = new RunParking(setup.timers)
  const launcher = launcherOf(options, setup, {
    held,
    effects,
    parking,
    atomic,
    foreign: () => foreign,
  })
  const shared =
    store &&
    sharedRunsOf(options, setup, {
      store,
      cluster,
      policies,
      policiesLoaded,
      held,
      atomic,
      launcher,
      decisions,
      applyCommands: (runId) => commands.apply(runId),
    })
  const foreign: FollowedRuns = shared?.foreign ?? noForeignRuns
  const commands = new RunCommands({
    cluster,
    edits,
    sessionOf: (runId) => held.get(runId),
    followed,
    onError: onPersistError,
  })
  return publicRuntime(options, {
    store,
    policies,
    policiesLoaded,
    held,
    launcher,
    shared,
    foreign,
    decisions,
    edits,
    commands,
    parking,
    effects,
    stopRelay,
    runStart: runStartDeps(options, setup),
  })
}
