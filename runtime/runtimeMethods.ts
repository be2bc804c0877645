import type { AgentEvent } from '../vocabulary/AgentEvent.ts'
import type { DecisionRequest, DecisionResult } from '../vocabulary/DecisionRequest.ts'
import { isWellFormedId, quotedId } from '../vocabulary/ids.ts'
import { AgentError } from './AgentError.ts'
import type { AgentRuntime, AgentRuntimeOptions, RuntimeCommand } from './AgentRuntime.ts'
import type { CardEdits } from './cardEdits.ts'
import { createDecisionIntake } from './decisionIntake.ts'
import type { RunDecisions } from './decisions.ts'
import type { ForeignRuns } from './foreignRuns.ts'
import type { HeldRuns } from './HeldRuns.ts'
import type { PolicyStore } from './PolicyStore.ts'
import type { RunLauncher } from './RunLauncher.ts'
import type { RunParking } from './RunParking.ts'
import type { RunSession } from './RunSession.ts'
import type { RunCommands } from './runCommands.ts'
import type { RunEffects } from './runEffects.ts'
import { listRuns } from './runList.ts'
import { checkedRunStart, type RunStartDeps } from './runStart.ts'
import {
  checkCommandText,
  commandHeldRun,
  decideThroughIntake,
  storedCommand,
} from './runtimeCommand.ts'
import { registerInternals } from './runtimeInternals.ts'
import { viewOfForeign, viewOfSession } from './runView.ts'
import type { SharedRuns } from './SharedRuns.ts'

/** The runs another node owns, as followed here (none without a store). */
export type FollowedRuns = Pick<ForeignRuns, 'get' | 'has' | 'drop' | 'watch' | 'ids'>

/** The parts of a runtime its public methods work with. */
export interface RuntimeParts {
  store: AgentRuntime['store']
  policies: PolicyStore
  /** Settles once the kept rules are loaded from the store. */
  policiesLoaded: Promise<unknown>
  held: HeldRuns
  launcher: RunLauncher
  /** The runtime's side of its store (undefined when it keeps nothing). */
  shared: SharedRuns | undefined
  foreign: FollowedRuns
  decisions: RunDecisions
  edits: CardEdits
  commands: RunCommands
  intake: (request: DecisionRequest) => Promise<DecisionResult>
  parking: RunParking
  effects: RunEffects
  /** Stops serving decisions relayed by other processes on the store's folder, if it does. */
  stopRelay: (() => void) | undefined
  runStart: Omit<RunStartDeps, 'known'>
}

/** The public runtime over its parts: its options' parts, its methods, and its internals registered. */
export function publicRuntime(
  options: AgentRuntimeOptions,
  wired: Omit<RuntimeParts, 'intake'>,
): AgentRuntime {
  const { held, foreign, parking, effects } = wired
  const intake = createDecisionIntake({
    decisions: wired.decisions,
    tools: options.tools,
    clock: wired.runStart.clock,
    open: (runId) => runtime.open(runId),
    holds: (runId) => held.get(runId) !== undefined,
    context: (runId) => held.get(runId)?.state().context ?? foreign.get(runId)?.context,
    view: (runId) => runtime.view(runId),
    subscribe: (runId, listener) => runtime.subscribe(runId, listener),
    approvalRules: options.approvalRules,
    signedApprovals: options.signedApprovals,
  })
  const parts: RuntimeParts = { ...wired, intake }
  const self = () => runtime
  const runtime: AgentRuntime = {
    model: options.model,
    tools: options.tools,
    workspace: options.workspace,
    store: wired.store,
    policies: wired.policies,
    approvalRules: options.approvalRules,
    ...runtimeWriters(parts, self),
    ...runtimeReaders(parts),
    ...runtimeLife(parts, self),
  }
  registerInternals(runtime, {
    session: (runId) => held.get(runId),
    crash(runId) {
      const session = held.get(runId)
      held.crash(runId)
      effects.forget(runId)
      if (session !== undefined) parking.forget(session)
    },
  })
  return runtime
}

/** The writers of the public runtime: starting runs, commands, decisions (`self` is the runtime). */
export function runtimeWriters(parts: RuntimeParts, self: () => AgentRuntime) {
  const { held, foreign, store, commands, intake } = parts
  const commandHere = (session: RunSession, command: RuntimeCommand) =>
    commandHeldRun(parts, session, command)
  return {
    startRun(options) {
      const known = (runId: string) =>
        held.get(runId) !== undefined || foreign.get(runId) !== undefined
      const { runId, input, started } = checkedRunStart(options, { ...parts.runStart, known })
      // A fresh id is nobody's yet; the claim only has to land with the first save (PostgreSQL
      // folds it into that commit: one statement fewer per run).
      const claimed = store?.claimNew?.(runId) ?? store?.claim(runId) ?? Promise.resolve()
      parts.launcher.launch(runId, { input, started }, claimed)
      return runId
    },
    command(runId, command, { timeoutMs = 5_000 } = {}) {
      try {
        checkCommandText(command)
        const session = held.get(runId)
        if (session !== undefined) return commandHere(session, command)
      } catch (error) {
        return Promise.reject(error)
      }
      return (async () => {
        await self().open(runId)
        const session = held.get(runId)
        if (session !== undefined) return commandHere(session, command)
        if (command.kind === 'decide') return decideThroughIntake(intake, runId, command)
        return commands.send(runId, storedCommand(command), timeoutMs)
      })()
    },
    decide: (request) => intake(request),
    async submitConfirmation(runId, confirmationId, decision, decisionOptions = {}) {
      await self().command(runId, { kind: 'decide', confirmationId, decision, ...decisionOptions })
    },
    async sendInput(runId, text) {
      await self().command(runId, { kind: 'input', text })
    },
    async cancel(runId, reason) {
      await self().command(runId, { kind: 'cancel', ...(reason !== undefined && { reason }) })
    },
  } satisfies Partial<AgentRuntime>
}

/** The readers of the public runtime: a run's view, its listeners, opening and listing runs. */
export function runtimeReaders({ held, foreign, shared, store }: RuntimeParts) {
  return {
    view(runId) {
      const session = held.get(runId)
      if (session !== undefined) return viewOfSession(session)
      const seen = typeof runId === 'string' ? foreign.get(runId) : undefined
      if (seen !== undefined) return viewOfForeign(runId, seen)
      throw notHere(runId)
    },
    subscribe(
      runIdOrListener: string | ((event: AgentEvent) => void),
      listener?: (event?: AgentEvent) => void,
    ) {
      if (typeof runIdOrListener === 'function') return held.listen(runIdOrListener)
      // Per run id, not per session: a listener keeps hearing the run when it changes owner.
      const runId = runIdOrListener
      if (held.get(runId) === undefined && !foreign.has(runId)) throw notHere(runId)
      const stop = held.listenTo(runId, listener as (event?: AgentEvent) => void)
      // A run another node owns is followed only while someone here listens to it.
      const unwatch = foreign.watch(runId)
      return () => {
        stop()
        unwatch()
      }
    },
    async open(runId) {
      if (held.get(runId) !== undefined) return
      // Checked at the edge: a malformed id reaches no store (a path, a NUL byte for PostgreSQL).
      if (shared === undefined || !isWellFormedId(runId)) throw notHere(runId)
      await shared.locate(runId)
    },
    runIds: () => held.ids(),
    listRuns: (query = {}) =>
      listRuns(
        {
          store,
          liveStatus: (runId) => held.get(runId)?.state().value ?? foreign.get(runId)?.status,
          starts: () => held.starts(),
        },
        query,
      ),
  } satisfies Partial<AgentRuntime>
}

/** The life of the public runtime's runs: release, restore, flush and close. */
export function runtimeLife(parts: RuntimeParts, self: () => AgentRuntime) {
  const { held, shared, policies, parking } = parts
  return {
    release(runId) {
      const session = held.get(runId)
      if (session === undefined) throw notHere(runId)
      if (!session.ended()) {
        throw new AgentError(
          'run_active',
          `run ${runId} has not ended; cancel it before releasing it`,
        )
      }
      held.release(session)
      parking.forget(session)
    },
    async restore() {
      await parts.policiesLoaded
      return shared?.restoreAll() ?? []
    },
    async flush() {
      await held.flush()
      await policies.flush()
    },
    async close() {
      shared?.close()
      parts.stopRelay?.()
      parts.commands.close()
      parking.close()
      parts.effects.close()
      await self().flush()
      held.stopAll()
      await parts.store?.close()
    },
  } satisfies Partial<AgentRuntime>
}

function notHere(runId: string): AgentError {
  return new AgentError('run_not_found', `no run has id ${quotedId(runId)}`)
}
