import {
  type AgentRunMachineDeps,
  createAgentRunMachine,
  effectTags,
  type RunEffect,
} from '../machines/agentRunMachine.ts'
import type { AgentRunContext, AgentRunInput } from '../machines/agentRunTypes.ts'
import { memoryRunStore } from '../store/memoryRunStore.ts'
import { type RunStart, runTitle } from '../store/RunListing.ts'
import type { AgentEvent } from '../vocabulary/AgentEvent.ts'
import type { ChatMessage } from '../vocabulary/ChatMessage.ts'
import { isWellFormedPerson, personOf } from '../vocabulary/Identity.ts'
import { isWellFormedId, quotedId } from '../vocabulary/ids.ts'
import { atomicOutcomesOf } from '../workspace/AtomicOutcomes.ts'
import { AgentError } from './AgentError.ts'
import type { AgentRuntime, AgentRuntimeOptions, RuntimeCommand } from './AgentRuntime.ts'
import { createSerializer } from './createSerializer.ts'
import { createDecisionIntake } from './decisionIntake.ts'
import { RunDecisions } from './decisions.ts'
import { addTo } from './keyedSets.ts'
import type { SavedRun } from './loadSavedRun.ts'
import { PolicyStore } from './PolicyStore.ts'
import { persistRun } from './persistRun.ts'
import { RunParking } from './RunParking.ts'
import { RunSession, type SessionHost } from './RunSession.ts'
import type { RunState } from './RunState.ts'
import { randomId } from './randomId.ts'
import { applyRelayedDecision } from './relayedDecision.ts'
import { RunCommands } from './runCommands.ts'
import { RunEffects, savedWithItsEffect } from './runEffects.ts'
import { listRuns } from './runList.ts'
import {
  checkCommandText,
  checkMessageLength,
  commandHeldRun,
  decideThroughIntake,
  noNulText,
  storedCommand,
} from './runtimeCommand.ts'
import { registerInternals } from './runtimeInternals.ts'
import { viewOfForeign, viewOfSession } from './runView.ts'
import { SharedRuns } from './SharedRuns.ts'
import { forgetRevoked } from './sharedPolicies.ts'
import { singleNode } from './singleNode.ts'

/** Creates a runtime over a model, a tool registry, a workspace and a run store. */
export function createAgentRuntime(options: AgentRuntimeOptions): AgentRuntime {
  // On a shared store, this node's clock corrected to the cluster's (the database's): every node
  // sets and checks deadlines by that one clock.
  const own = options.clock ?? (() => new Date())
  const sharedStore = options.store?.cluster
  const offset = sharedStore?.clockOffsetMs?.bind(sharedStore)
  const clock = offset === undefined ? own : () => new Date(own().getTime() + offset())
  const generateId = options.generateId ?? randomId
  const { model, tools, workspace } = options
  const durable = options.durable ?? true
  const store = durable ? (options.store ?? memoryRunStore()) : undefined
  const onPersistError =
    options.onPersistError ??
    ((error: unknown) => console.error('studypulse: saving failed:', error))
  const timers = {
    setTimeout:
      options.timers?.setTimeout ??
      ((callback: () => void, ms: number) => {
        const handle = setTimeout(callback, ms)
        // A card's deadline alone must not keep a process alive.
        ;(handle as { unref?: () => void }).unref?.()
        return handle
      }),
    clearTimeout:
      options.timers?.clearTimeout ??
      ((handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>)),
  }
  const sessions = new Map<string, RunSession>()
  // Runs started here that the store does not list yet (their first save is on its way), or,
  // without a store, every run held here: the run list shows them from their first step.
  const starts = new Map<string, RunStart>()
  const allListeners = new Set<(event: AgentEvent) => void>()
  const runListeners = new Map<string, Set<(event?: AgentEvent) => void>>()
  // Saves of released runs still under way, so `flush()` keeps waiting for them.
  const draining = new Set<Promise<void>>()
  // Held runs with a step whose save `flush()` has not yet seen land, with their step count then.
  const unsaved = new Map<RunSession, number>()
  // A store shared by several nodes says so once; any other serves this node alone.
  const cluster = store?.cluster ?? singleNode(store, (runId) => sessions.has(runId), generateId())
  const policies = new PolicyStore({
    generateId,
    clock,
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

  const sessionOf = (runId: string) => (typeof runId === 'string' ? sessions.get(runId) : undefined)
  const workspaceFor = options.workspaceFor ?? (() => Promise.resolve(workspace))
  // The record kinds the workspace commits with a call's outcome (none: no atomic outcomes).
  const atomic = atomicOutcomesOf(workspace)?.atomicKinds ?? []
  // An allow commits with the call it allows when the store's cards are in the database the
  // workspace writes to (one commit for both: see `HeldDecision`).
  const withEffects =
    atomic.length > 0 &&
    store?.cluster?.decidesWithEffects === true &&
    workspace.location.startsWith(`${store.location}#`)
  const decisions = new RunDecisions({
    cluster,
    clock,
    tools,
    workspaceFor,
    policies,
    approvalRules: options.approvalRules,
    sessionOf,
    followed: (runId) => foreign.get(runId),
    onError: onPersistError,
    storeDecides: sharedStore !== undefined,
    ...(withEffects && {
      decidesWithEffect: (session: RunSession) =>
        savedWithItsEffect(session.state().context.current?.prepared, atomic),
      reload: async (runId: string) => {
        dropRun(runId)
        await shared?.locate(runId)
      },
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
  const parking = new RunParking(timers)
  // The chart's effects, supplied here: each runs on entering its state, with that step's context.
  const effect =
    (name: RunEffect) =>
    ({ context, self }: { context: AgentRunContext; self: { id: string } }) => {
      const session = sessions.get(self.id)
      if (session !== undefined) effects.run(session, name, context)
    }
  const machineDeps: AgentRunMachineDeps = {
    tools,
    clock,
    generateId,
    approvalRules: options.approvalRules,
  }
  const logic = createAgentRunMachine(machineDeps).provide({
    actions: {
      callModel: effect('callModel'),
      describeCall: effect('describeCall'),
      offerCard: effect('offerCard'),
      executeCall: effect('executeCall'),
    },
  })
  const host: SessionHost = {
    logic,
    actorOptions: options.inspect === undefined ? {} : { inspect: options.inspect },
    deliver(event) {
      for (const listener of allListeners) listener(event)
      const listeners = runListeners.get(event.runId)
      if (listeners !== undefined) for (const listener of listeners) listener(event)
    },
    stepEnded(session: RunSession, state: RunState) {
      session.persister?.save(state)
      if (session.persister !== undefined) unsaved.set(session, (unsaved.get(session) ?? 0) + 1)
      effects.settled(session, state)
      if (state.hasTag('showsCard')) parking.waiting(session)
    },
  }
  const changed = (runId: string) => {
    const listeners = runListeners.get(runId)
    if (listeners !== undefined) for (const listener of listeners) listener()
  }
  const history: ChatMessage[] =
    options.systemPrompt === undefined ? [] : [{ role: 'system', content: options.systemPrompt }]

  /** Registers and starts a session over a new or saved run. */
  const launch = (
    runId: string,
    start: { input: AgentRunInput; started: RunStart } | { saved: SavedRun },
    claimed: Promise<unknown>,
  ): RunSession => {
    const saved = 'saved' in start ? start.saved : undefined
    const persister =
      store === undefined
        ? undefined
        : persistRun(runId, logic, store, {
            current: () => (sessions.get(runId) as RunSession).state(),
            // Its decision (when held here), effect, intent and outcome commit as one: a save
            // of `executing` in between would resolve the card before its compare-and-set.
            savedElsewhere: (state) =>
              state.hasTag('executesCall') &&
              savedWithItsEffect(state.context.current?.prepared, atomic),
            ready: claimed,
            onError: onPersistError,
            savedMessages: saved?.savedMessages ?? 0,
            ...(saved !== undefined && { audited: saved.audited }),
            ...('started' in start && {
              started: start.started,
              onListed: () => starts.delete(runId),
            }),
          })
    const session = new RunSession(
      host,
      runId,
      saved === undefined
        ? { input: (start as { input: AgentRunInput }).input }
        : { snapshot: saved.persisted },
      saved?.log ?? [],
      persister,
    )
    sessions.set(runId, session)
    if ('started' in start) starts.set(runId, start.started)
    foreign.drop(runId)
    session.start()
    if (saved !== undefined) resume(session, saved)
    void persister?.flush()
    return session
  }
  // A restored run is told what its journal says first; else the effect of the state it rests in
  // runs again (a restore runs no entry action by itself), as the state's tags name it.
  const resume = (session: RunSession, saved: SavedRun) => {
    if (saved.recovery !== undefined) {
      session.send(saved.recovery)
      return
    }
    const state = session.state()
    for (const [tag, name] of Object.entries(effectTags)) {
      if (state.hasTag(tag)) effects.run(session, name, state.context)
    }
    host.stepEnded(session, state)
  }
  // Drops a live run without saving (another node took it, or it is restored from the store).
  const dropRun = (runId: string) => {
    sessions.get(runId)?.stop()
    sessions.delete(runId)
    changed(runId)
  }
  const shared =
    store &&
    new SharedRuns({
      store,
      cluster,
      tools,
      policies,
      atomicKinds: atomic,
      clock,
      sessionOf,
      launch: (runId, saved) => {
        launch(runId, { saved }, Promise.resolve())
        // Commands offered while the run was away, after its recovery (sent first).
        queueMicrotask(() => void commands.apply(runId))
      },
      applyStored: (session, known) => decisions.applyStored(session, known),
      drop: (runId) => dropRun(runId),
      deliver: host.deliver,
      changed,
      ready: policiesLoaded,
      onError: onPersistError,
      ...(options.rescanEveryMs !== undefined && { rescanEveryMs: options.rescanEveryMs }),
      ...(options.timers !== undefined && { timers: options.timers }),
    })
  const foreign = shared?.foreign ?? noForeignRuns
  const commands = new RunCommands({
    cluster,
    decisions,
    sessionOf,
    followed: (runId) => foreign.get(runId),
    onError: onPersistError,
  })
  const notHere = (runId: string) =>
    new AgentError('run_not_found', `no run has id ${quotedId(runId)}`)

  const intake = createDecisionIntake({
    decisions,
    tools,
    clock,
    open: (runId) => runtime.open(runId),
    holds: (runId) => sessionOf(runId) !== undefined,
    context: (runId) => sessionOf(runId)?.state().context ?? foreign.get(runId)?.context,
    view: (runId) => runtime.view(runId),
    subscribe: (runId, listener) => runtime.subscribe(runId, listener),
    approvalRules: options.approvalRules,
    signedApprovals: options.signedApprovals,
  })
  const held = { decisions, commands, intake }
  const commandHere = (session: RunSession, command: RuntimeCommand) =>
    commandHeldRun(held, session, command)

  const runtime: AgentRuntime = {
    model,
    tools,
    workspace,
    store,
    policies,
    approvalRules: options.approvalRules,
    startRun({ input, notebookId, by, runId: chosen }) {
      if (typeof input !== 'string' || input.trim() === '') {
        throw new AgentError('invalid_input', 'a run needs a non-empty input')
      }
      if (input.includes('\u0000')) throw new AgentError('invalid_input', noNulText)
      checkMessageLength(input)
      const startedBy = personOf(by)
      if (by?.id !== undefined && !isWellFormedPerson(startedBy)) {
        throw new AgentError(
          'invalid_input',
          'by must name a person: an id (and a name) of 1 to 512 characters, no control characters',
        )
      }
      const runId = chosen ?? generateId()
      if (!isWellFormedId(runId)) {
        throw new AgentError(
          'invalid_id',
          `${chosen === undefined ? 'generateId made' : 'runId is'} an id with other characters than A-Z a-z 0-9 _ -, or longer than 128`,
        )
      }
      // A chosen id (a conversation's) must be new here; the caller asked the store first (`open`).
      if (chosen !== undefined && (sessionOf(runId) !== undefined || foreign.get(runId)))
        throw new AgentError('run_active', `a run with id ${quotedId(runId)} exists already`)
      const runInput: AgentRunInput = {
        runId,
        input,
        history,
        ...(notebookId !== undefined && { notebookId }),
        ...(startedBy !== undefined && {
          startedBy: {
            id: startedBy.id,
            ...(startedBy.name !== undefined && { name: startedBy.name }),
          },
        }),
        ...(options.maxTurns !== undefined && { maxTurns: options.maxTurns }),
        ...(options.confirmationTimeoutMs !== undefined && {
          confirmationTimeoutMs: options.confirmationTimeoutMs,
        }),
      }
      const started: RunStart = {
        startedAt: clock().toISOString(),
        title: runTitle(input),
        ...(startedBy !== undefined && { owner: startedBy.id }),
      }
      // A fresh id is nobody's yet; the claim only has to land with the first save (PostgreSQL
      // folds it into that commit: one statement fewer per run).
      const claimed = store?.claimNew?.(runId) ?? store?.claim(runId) ?? Promise.resolve()
      launch(runId, { input: runInput, started }, claimed)
      return runId
    },
    command(runId, command, { timeoutMs = 5_000 } = {}) {
      try {
        checkCommandText(command)
        const session = sessionOf(runId)
        if (session !== undefined) return commandHere(session, command)
      } catch (error) {
        return Promise.reject(error)
      }
      return (async () => {
        await runtime.open(runId)
        const session = sessionOf(runId)
        if (session !== undefined) return commandHere(session, command)
        if (command.kind === 'decide') return decideThroughIntake(intake, runId, command)
        return commands.send(runId, storedCommand(command), timeoutMs)
      })()
    },
    decide: (request) => intake(request),
    async submitConfirmation(runId, confirmationId, decision, decisionOptions = {}) {
      await runtime.command(runId, { kind: 'decide', confirmationId, decision, ...decisionOptions })
    },
    async sendInput(runId, text) {
      await runtime.command(runId, { kind: 'input', text })
    },
    async cancel(runId, reason) {
      await runtime.command(runId, { kind: 'cancel', ...(reason !== undefined && { reason }) })
    },
    view(runId) {
      const session = sessionOf(runId)
      if (session !== undefined) return viewOfSession(session)
      const seen = typeof runId === 'string' ? foreign.get(runId) : undefined
      if (seen !== undefined) return viewOfForeign(runId, seen)
      throw notHere(runId)
    },
    subscribe(
      runIdOrListener: string | ((event: AgentEvent) => void),
      listener?: (event?: AgentEvent) => void,
    ) {
      if (typeof runIdOrListener === 'function') {
        allListeners.add(runIdOrListener)
        return () => allListeners.delete(runIdOrListener)
      }
      // Per run id, not per session: a listener keeps hearing the run when it changes owner.
      const runId = runIdOrListener
      if (sessionOf(runId) === undefined && !foreign.has(runId)) throw notHere(runId)
      const stop = addTo(runListeners, runId, listener as (event?: AgentEvent) => void)
      // A run another node owns is followed only while someone here listens to it.
      const unwatch = foreign.watch(runId)
      return () => {
        stop()
        unwatch()
      }
    },
    async open(runId) {
      if (sessionOf(runId) !== undefined) return
      // Checked at the edge: a malformed id reaches no store (a path, a NUL byte for PostgreSQL).
      if (shared === undefined || !isWellFormedId(runId)) throw notHere(runId)
      await shared.locate(runId)
    },
    runIds: () => [...sessions.keys()],
    listRuns: (query = {}) =>
      listRuns(
        {
          store,
          liveStatus: (runId) => sessionOf(runId)?.state().value ?? foreign.get(runId)?.status,
          starts: () => [...starts].map(([runId, start]) => ({ runId, start })),
        },
        query,
      ),
    release(runId) {
      const session = sessionOf(runId)
      if (session === undefined) throw notHere(runId)
      if (!session.ended()) {
        throw new AgentError(
          'run_active',
          `run ${runId} has not ended; cancel it before releasing it`,
        )
      }
      const saving = session.persister?.flush()
      if (saving !== undefined) {
        const saved = saving.finally(() => draining.delete(saved))
        draining.add(saved)
      }
      session.stop()
      sessions.delete(runId)
      starts.delete(runId)
      parking.forget(session)
    },
    async restore() {
      await policiesLoaded
      return shared?.restoreAll() ?? []
    },
    async flush() {
      // Only runs that stepped since their last flush landed: a node holding thousands of resting
      // runs does not look at each of them on every flush.
      const saving = [...unsaved].map(([session, steps]) => {
        if (sessions.get(session.runId) !== session) {
          unsaved.delete(session)
          return undefined
        }
        return session.persister?.flush().then(() => {
          if (unsaved.get(session) === steps) unsaved.delete(session)
        })
      })
      await Promise.all([...saving, ...draining])
      await policies.flush()
    },
    async close() {
      shared?.close()
      stopRelay?.()
      commands.close()
      parking.close()
      effects.close()
      await runtime.flush()
      for (const session of sessions.values()) session.stop()
      sessions.clear()
      await store?.close()
    },
  }
  registerInternals(runtime, {
    session: sessionOf,
    crash(runId) {
      const session = sessionOf(runId)
      session?.stop()
      sessions.delete(runId)
      effects.forget(runId)
      if (session !== undefined) parking.forget(session)
    },
  })
  return runtime
}

// Without a store nothing is ever owned elsewhere.
const noForeignRuns = {
  get: () => undefined,
  has: () => false,
  drop: () => {},
  watch: () => () => {},
  ids: () => [] as string[],
}
