import { createActor } from 'xstate'
import { hasAtomicOutcomes } from '../store/AtomicOutcomes.ts'
import { hasClaimWatch } from '../store/ClaimWatch.ts'
import { hasDecisionInbox } from '../store/DecisionInbox.ts'
import { memoryRunStore } from '../store/memoryRunStore.ts'
import { hasSharedPolicies } from '../store/SharedPolicies.ts'
import type { AgentEvent } from '../vocabulary/AgentEvent.ts'
import type { ChatMessage } from '../vocabulary/ChatMessage.ts'
import type { RunStatus } from '../vocabulary/RunStatus.ts'
import { AgentError } from './AgentError.ts'
import type { AgentRunActor } from './AgentRunActor.ts'
import type { AgentRuntime, AgentRuntimeOptions } from './AgentRuntime.ts'
import { createAgentRunMachine } from './agentRunMachine.ts'
import type { AgentRunEvent, AgentRunInput } from './agentRunTypes.ts'
import { createSerializer } from './createSerializer.ts'
import { addTo } from './keyedSets.ts'
import { restoredActor } from './loadSavedRun.ts'
import { PolicyStore } from './PolicyStore.ts'
import { RunSession } from './RunSession.ts'
import { commandHere, commandsOver } from './runCommands.ts'
import { decide, edit } from './runDecisions.ts'
import { viewOfActor, viewOfForeign } from './runView.ts'
import { SharedRuns } from './SharedRuns.ts'
import { forgetRevoked } from './sharedPolicies.ts'
import { type DecisionTarget, offerDecision } from './storeDecisions.ts'
import { waitForStatus } from './waitForStatus.ts'

/** Creates a runtime over a model, a tool registry, a workspace and a run store. */
export function createRuntime(options: AgentRuntimeOptions): AgentRuntime {
  const clock = options.clock ?? (() => new Date())
  const generateId = options.generateId ?? (() => crypto.randomUUID())
  const { model, tools, workspace } = options
  const durable = options.durable ?? true
  const store = durable ? (options.store ?? memoryRunStore()) : undefined
  // Only a store shared by several nodes decides cards itself; the others keep the direct path.
  const inbox = store !== undefined && hasDecisionInbox(store) ? store : undefined
  const onPersistError =
    options.onPersistError ??
    ((error: unknown) => console.error('studypulse: saving failed:', error))
  const sessions = new Map<string, RunSession>()
  const allListeners = new Set<(event: AgentEvent) => void>()
  const runListeners = new Map<string, Set<(event: AgentEvent) => void>>()
  const watchers = new Map<string, Set<() => void>>()
  // Saves of released runs still under way, so `flush()` keeps waiting for them.
  const draining = new Set<Promise<void>>()
  const policies = new PolicyStore({
    generateId,
    clock,
    permissionOf: (tool) => tools.permissionOf(tool),
    ...(store !== undefined && { save: (kept, change) => store.savePolicies(kept, change) }),
    ...(store !== undefined && hasSharedPolicies(store) && { forget: forgetRevoked(store) }),
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

  const logic = createAgentRunMachine({ tools, clock, generateId })
  const history: ChatMessage[] =
    options.systemPrompt === undefined ? [] : [{ role: 'system', content: options.systemPrompt }]
  // A write's effect commits only while this node still holds the run's lease.
  const owner = store !== undefined && hasClaimWatch(store) ? { owner: store.ownerId } : {}
  const effects = { model, tools, workspace, clock, generateId, ...owner }
  const serialize = createSerializer()
  const deliver = (event: AgentEvent) => {
    for (const listener of allListeners) listener(event)
    for (const listener of runListeners.get(event.runId) ?? []) listener(event)
  }
  const changed = (runId: string) => {
    for (const onChange of watchers.get(runId) ?? []) onChange()
  }
  const session = (runId: string): RunSession => {
    const found = typeof runId === 'string' ? sessions.get(runId) : undefined
    if (found !== undefined) return found
    if (foreign?.has(runId)) {
      throw new AgentError('run_owned_elsewhere', `run ${runId} is owned by another runtime`)
    }
    throw new AgentError('run_not_found', `no run has id "${runId}"`)
  }
  const liveActor = (runId: string): AgentRunActor | undefined => {
    if (typeof runId === 'string' && foreign?.has(runId)) session(runId)
    return sessions.get(runId)?.actor
  }
  const statusOf = (actor: AgentRunActor): RunStatus => actor.getSnapshot().value as RunStatus
  const actorOptions = options.inspect === undefined ? {} : { inspect: options.inspect }

  /** Registers and starts a session over a new or restored actor. */
  const launch = (
    actor: AgentRunActor,
    claimed: Promise<unknown>,
    restored?: { log: AgentEvent[]; recovery?: AgentRunEvent; savedMessages?: number },
  ): RunSession => {
    const run = new RunSession(
      actor,
      { effects, policies, ...(store && { store }), claimed, deliver, onPersistError, serialize },
      restored?.log,
      restored?.savedMessages,
    )
    sessions.set(actor.id, run)
    foreign?.drop(actor.id)
    const onChange = () => changed(actor.id)
    actor.subscribe({ next: onChange, error: onChange, complete: onChange })
    run.start({
      restored: restored !== undefined,
      ...(restored?.recovery !== undefined && { recovery: restored.recovery }),
    })
    return run
  }
  const shared =
    store &&
    new SharedRuns({
      store,
      inbox,
      tools,
      policies,
      atomicOutcomes: hasAtomicOutcomes(workspace),
      clock,
      actorOf: (runId) => sessions.get(runId)?.actor,
      launch: (runId, saved) => {
        const actor = restoredActor(logic, runId, saved, actorOptions)
        launch(actor, Promise.resolve(), saved)
        // Commands offered while the run was away, after its recovery (sent first).
        queueMicrotask(() => void commands?.apply(runId))
        return actor
      },
      drop: (runId) => {
        sessions.get(runId)?.actor.stop()
        sessions.delete(runId)
        changed(runId)
      },
      deliver,
      changed,
      ready: policiesLoaded,
      onError: onPersistError,
      ...(options.rescanEveryMs !== undefined && { rescanEveryMs: options.rescanEveryMs }),
      ...(options.timers !== undefined && { timers: options.timers }),
    })
  const foreign = shared?.foreign
  const commands = commandsOver(store, {
    tools,
    sessionOf: (runId) => sessions.get(runId),
    followed: (runId) => foreign?.get(runId),
    onError: onPersistError,
  })
  const targetOf = (runId: string): DecisionTarget => {
    const run = sessions.get(runId)
    if (run === undefined) return { kind: 'foreign', log: foreign?.get(runId)?.log ?? [] }
    return {
      kind: 'local',
      actor: run.actor,
      saved: () => run.persister?.flush() ?? Promise.resolve(),
    }
  }
  const applyDecisions = (runId: string) => shared?.applyDecisions(runId) ?? Promise.resolve()

  const runtime: AgentRuntime = {
    model,
    tools,
    workspace,
    store,
    policies,
    startRun({ input, notebookId }) {
      if (typeof input !== 'string' || input.trim() === '') {
        throw new AgentError('invalid_input', 'a run needs a non-empty input')
      }
      const runId = generateId()
      const runInput: AgentRunInput = {
        runId,
        input,
        history,
        ...(notebookId !== undefined && { notebookId }),
        ...(options.maxTurns !== undefined && { maxTurns: options.maxTurns }),
        ...(options.confirmationTimeoutMs !== undefined && {
          confirmationTimeoutMs: options.confirmationTimeoutMs,
        }),
      }
      const actor = createActor(logic, { id: runId, input: runInput, ...actorOptions })
      // A fresh id is nobody's yet; the claim only has to land before the first save.
      launch(actor, store?.claim(runId) ?? Promise.resolve())
      return runId
    },
    sendInput(runId, text) {
      // A run another node owns hears its commands through the store (when the store carries them).
      if (commands?.offerFollowed(runId, { kind: 'input', text })) return
      const { actor } = session(runId)
      if (typeof text !== 'string' || text.trim() === '') {
        throw new AgentError('invalid_input', 'input must be a non-empty string')
      }
      if (statusOf(actor) !== 'awaitingInput') {
        throw new AgentError(
          'not_awaiting_input',
          `run ${runId} is ${statusOf(actor)}, not awaiting input`,
        )
      }
      actor.send({ type: 'USER_INPUT', text })
    },
    cancel(runId, reason) {
      const cancelling = { kind: 'cancel' as const, ...(reason !== undefined && { reason }) }
      if (commands?.offerFollowed(runId, cancelling)) return
      const { actor } = session(runId)
      if (actor.getSnapshot().status !== 'active') return
      actor.send({ type: 'CANCEL', ...(reason !== undefined && { reason }) })
    },
    submitConfirmation(runId, confirmationId, decision, decisionOptions = {}) {
      const target = targetOf(runId)
      if (inbox === undefined || target.kind === 'foreign') {
        decide(liveActor(runId), runId, confirmationId, decision, decisionOptions, policies)
        return
      }
      // The local checks throw here, synchronously; the store's compare-and-set follows.
      void offerDecision(
        inbox,
        target,
        runId,
        confirmationId,
        decision,
        decisionOptions,
        policies,
      ).catch((error: unknown) => {
        // Another node decided the card first; the run's log says who.
        if (!(error instanceof AgentError && error.code === 'confirmation_not_found'))
          onPersistError(error)
      })
    },
    async decide(runId, confirmationId, decision, decisionOptions = {}) {
      if (inbox === undefined) {
        decide(liveActor(runId), runId, confirmationId, decision, decisionOptions, policies)
        return
      }
      await runtime.locate(runId)
      const target = targetOf(runId)
      await offerDecision(inbox, target, runId, confirmationId, decision, decisionOptions, policies)
      // A local run has it applied already; one taken over meanwhile applies it here and now.
      if (target.kind === 'foreign') await applyDecisions(runId)
    },
    async command(runId, command, { timeoutMs = 5_000 } = {}) {
      if (commands === undefined) return commandHere(runtime, runId, command)
      await runtime.locate(runId)
      return commands.command(runId, command, timeoutMs, () => commandHere(runtime, runId, command))
    },
    async locate(runId) {
      if (typeof runId === 'string' && sessions.has(runId)) return
      if (shared === undefined) throw new AgentError('run_not_found', `no run has id "${runId}"`)
      await shared.locate(runId)
    },
    view(runId) {
      const seen = foreign?.get(runId)
      return seen !== undefined ? viewOfForeign(seen) : viewOfActor(session(runId).actor)
    },
    watch(runId, onChange) {
      if (!foreign?.has(runId)) session(runId)
      return addTo(watchers, runId, onChange)
    },
    editConfirmation(runId, confirmationId, args) {
      return edit(liveActor(runId), runId, confirmationId, args, tools)
    },
    status(runId) {
      const seen = foreign?.get(runId)
      return seen !== undefined ? seen.status : statusOf(session(runId).actor)
    },
    pendingConfirmation(runId) {
      const seen = foreign?.get(runId)
      if (seen !== undefined) return seen.pending
      const { actor } = session(runId)
      return statusOf(actor) === 'awaitingConfirmation'
        ? actor.getSnapshot().context.pending
        : undefined
    },
    waitFor(runId, status, { timeoutMs = 10_000 } = {}) {
      const { actor } = session(runId)
      return waitForStatus(actor, typeof status === 'string' ? [status] : status, timeoutMs)
    },
    events(runId) {
      return foreign?.get(runId)?.log ?? session(runId).log
    },
    subscribe(runId, listener) {
      // Per run id, not per session: a listener keeps hearing the run when it changes owner.
      if (!foreign?.has(runId)) session(runId)
      return addTo(runListeners, runId, listener)
    },
    onEvent(listener) {
      allListeners.add(listener)
      return () => allListeners.delete(listener)
    },
    actor: (runId) => session(runId).actor,
    runIds: () => [...sessions.keys()],
    release(runId) {
      const run = session(runId)
      if (run.actor.getSnapshot().status === 'active') {
        throw new AgentError(
          'run_active',
          `run ${runId} has not ended; cancel it before releasing it`,
        )
      }
      const saving = run.persister?.flush()
      if (saving !== undefined) {
        const saved = saving.finally(() => draining.delete(saved))
        draining.add(saved)
      }
      sessions.delete(runId)
    },
    async restore() {
      await policiesLoaded
      return shared?.restoreAll() ?? []
    },
    async flush() {
      const saving = [...sessions.values()].map((run) => run.persister?.flush())
      await Promise.all([...saving, ...draining])
      await policies.flush()
    },
    async close() {
      shared?.close()
      commands?.close()
      await this.flush()
      for (const run of sessions.values()) run.actor.stop()
      sessions.clear()
      await store?.close()
    },
  }
  return runtime
}
