import { type AnyActorLogic, createActor, type Snapshot } from 'xstate'
import type { ChatMessage } from '../models/messages.ts'
import type { AgentEvent, RunStatus } from '../store/AgentEvent.ts'
import { hasClaimWatch } from '../store/ClaimWatch.ts'
import { hasDecisionInbox } from '../store/DecisionInbox.ts'
import { memoryRunStore } from '../store/memoryRunStore.ts'
import { AgentError } from './AgentError.ts'
import type { AgentRunActor } from './AgentRunActor.ts'
import type { AgentRuntime, AgentRuntimeOptions, RunView } from './AgentRuntime.ts'
import { createAgentRunMachine } from './agentRunMachine.ts'
import type { AgentRunInput } from './agentRunTypes.ts'
import { ForeignRuns } from './foreignRuns.ts'
import { PolicyStore } from './PolicyStore.ts'
import { RunSession } from './RunSession.ts'
import { noteForeign, type RestoreRunsOptions, restoreRun } from './restoreRuns.ts'
import { decide, edit } from './runDecisions.ts'
import { applyStoredDecisions, checkDecision, offerDecision } from './storeDecisions.ts'
import { waitForStatus } from './waitForStatus.ts'

export type {
  AgentRuntime,
  AgentRuntimeOptions,
  RuntimeTimers,
  RunView,
  StartRunOptions,
} from './AgentRuntime.ts'

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
    ...(store !== undefined && { save: (kept) => store.savePolicies(kept) }),
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
  const effects = { model, tools, workspace, clock, generateId }
  const deliver = (event: AgentEvent) => {
    for (const listener of allListeners) listener(event)
    for (const listener of runListeners.get(event.runId) ?? []) listener(event)
  }
  const changed = (runId: string) => {
    for (const onChange of watchers.get(runId) ?? []) onChange()
  }
  /** Runs seen in the store that another runtime owns, followed when the store can feed them. */
  const foreign = new ForeignRuns({
    store: store ?? memoryRunStore(),
    deliver,
    changed,
    onError: onPersistError,
  })

  const session = (runId: string): RunSession => {
    const found = typeof runId === 'string' ? sessions.get(runId) : undefined
    if (found !== undefined) return found
    if (foreign.has(runId)) {
      throw new AgentError('run_owned_elsewhere', `run ${runId} is owned by another runtime`)
    }
    throw new AgentError('run_not_found', `no run has id "${runId}"`)
  }
  const liveActor = (runId: string): AgentRunActor | undefined => {
    if (typeof runId === 'string' && foreign.has(runId)) session(runId)
    return sessions.get(runId)?.actor
  }
  const statusOf = (actor: AgentRunActor): RunStatus => actor.getSnapshot().value as RunStatus
  const actorOptions = options.inspect === undefined ? {} : { inspect: options.inspect }

  /** Registers and starts a session over a new or restored actor. */
  const launch = (
    actor: AgentRunActor,
    claimed: Promise<unknown>,
    restored?: { log: AgentEvent[] },
  ): RunSession => {
    const run = new RunSession(
      actor,
      { effects, policies, ...(store && { store }), claimed, deliver, onPersistError },
      restored?.log,
    )
    sessions.set(actor.id, run)
    foreign.drop(actor.id)
    const onChange = () => changed(actor.id)
    actor.subscribe({ next: onChange, error: onChange, complete: onChange })
    run.start({ restored: restored !== undefined })
    return run
  }
  const applyDecisions = (runId: string) => {
    const run = sessions.get(runId)
    if (inbox === undefined || run === undefined) return Promise.resolve()
    return applyStoredDecisions(inbox, run.actor).catch(onPersistError)
  }

  const restoring: RestoreRunsOptions | undefined = store && {
    store,
    tools,
    clock,
    skip: (runId) => sessions.has(runId),
    known: (runId) => foreign.has(runId),
    onForeign: (runId, seen) => foreign.note(runId, seen),
    onError: onPersistError,
    launch: (runId, saved) => {
      // A saved snapshot is the JSON of `getPersistedSnapshot()`, which XState takes back as is.
      const snapshot = saved.persisted as unknown as Snapshot<unknown>
      // XState ignores `input` when it restores a snapshot; the type asks for it all the same.
      const actor = createActor(logic as AnyActorLogic, {
        id: runId,
        snapshot,
        input: { runId, input: '' },
        ...actorOptions,
      }) as unknown as AgentRunActor
      const { actor: started } = launch(actor, Promise.resolve(), { log: saved.log })
      // Decisions taken on other nodes while the run was away (after its recovery, sent first).
      queueMicrotask(() => void applyDecisions(runId))
      return started
    },
  }
  // One restore of a run at a time, whoever asks (a rescan, a request for an unknown run).
  const inFlight = new Map<string, Promise<'restored' | 'foreign' | 'none'>>()
  const restoreOne = (runId: string, audited: { keys?: Set<string> }) => {
    if (restoring === undefined || sessions.has(runId)) return Promise.resolve('none' as const)
    let running = inFlight.get(runId)
    if (running === undefined) {
      running = restoreRun(restoring, runId, audited).finally(() => inFlight.delete(runId))
      inFlight.set(runId, running)
    }
    return running
  }

  const unsubscribes: (() => void)[] = []
  if (inbox !== undefined)
    unsubscribes.push(inbox.onDecision((runId) => void applyDecisions(runId)))
  if (store !== undefined && hasClaimWatch(store)) {
    unsubscribes.push(
      store.onClaimLost((runId) => {
        const run = sessions.get(runId)
        if (run === undefined) return
        // The new owner has it: stop here without saving, and follow it from now on.
        sessions.delete(runId)
        run.actor.stop()
        changed(runId)
        if (restoring !== undefined) void noteForeign(restoring, runId).catch(onPersistError)
      }),
    )
  }
  const timers = options.timers ?? {
    setInterval: (callback: () => void, ms: number) => {
      const handle = setInterval(callback, ms)
      // A rescan alone must not keep a process alive.
      ;(handle as { unref?: () => void }).unref?.()
      return handle
    },
    clearInterval: (handle: unknown) => clearInterval(handle as ReturnType<typeof setInterval>),
  }

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
      const { actor } = session(runId)
      if (actor.getSnapshot().status !== 'active') return
      actor.send({ type: 'CANCEL', ...(reason !== undefined && { reason }) })
    },
    submitConfirmation(runId, confirmationId, decision, decisionOptions = {}) {
      const run = inbox === undefined ? undefined : sessions.get(runId)
      if (inbox === undefined || run === undefined) {
        decide(liveActor(runId), runId, confirmationId, decision, decisionOptions, policies)
        return
      }
      // The local checks throw here; the store's compare-and-set follows.
      const target = {
        kind: 'local' as const,
        actor: run.actor,
        saved: () => run.persister?.flush() ?? Promise.resolve(),
      }
      checkDecision(target, runId, confirmationId, decision, decisionOptions, policies)
      void offerDecision(inbox, target, runId, confirmationId, decision, decisionOptions, policies)
        .then(() => applyDecisions(runId))
        .catch((error: unknown) => {
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
      const run = sessions.get(runId)
      const target =
        run === undefined
          ? { kind: 'foreign' as const, log: foreign.get(runId)?.log ?? [] }
          : {
              kind: 'local' as const,
              actor: run.actor,
              saved: () => run.persister?.flush() ?? Promise.resolve(),
            }
      await offerDecision(inbox, target, runId, confirmationId, decision, decisionOptions, policies)
      // The owner applies it on its wake; here that is now, so `decide` returns with it applied.
      await applyDecisions(runId)
    },
    async locate(runId) {
      if (typeof runId === 'string' && (sessions.has(runId) || foreign.has(runId))) return
      const missing = new AgentError('run_not_found', `no run has id "${runId}"`)
      if (typeof runId !== 'string' || restoring === undefined) throw missing
      await policiesLoaded
      if ((await restoring.store.peekRun(runId)) === undefined) throw missing
      const found = await restoreOne(runId, {})
      if (found === 'none' && !sessions.has(runId) && !(await noteForeign(restoring, runId)))
        throw missing
    },
    view(runId) {
      const seen = foreign.get(runId)
      if (seen !== undefined) {
        const ended = seen.status === 'failed' || seen.status === 'cancelled'
        return {
          value: seen.status,
          status: ended ? 'done' : 'active',
          pending: seen.pending,
          messages: seen.messages,
        }
      }
      const snapshot = session(runId).actor.getSnapshot()
      const value = snapshot.value as RunStatus
      return {
        value,
        status: snapshot.status,
        pending: value === 'awaitingConfirmation' ? snapshot.context.pending : undefined,
        messages: snapshot.context.messages,
      } satisfies RunView
    },
    watch(runId, onChange) {
      if (!foreign.has(runId)) session(runId)
      return addTo(watchers, runId, onChange)
    },
    editConfirmation(runId, confirmationId, args) {
      return edit(liveActor(runId), runId, confirmationId, args, tools)
    },
    status(runId) {
      const seen = foreign.get(runId)
      return seen !== undefined ? seen.status : statusOf(session(runId).actor)
    },
    pendingConfirmation(runId) {
      const seen = foreign.get(runId)
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
      return foreign.get(runId)?.log ?? session(runId).log
    },
    subscribe(runId, listener) {
      // Per run id, not per session: a listener keeps hearing the run when it changes owner.
      if (!foreign.has(runId)) session(runId)
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
      if (restoring === undefined) return []
      const restored: string[] = []
      const audited: { keys?: Set<string> } = {}
      for (const runId of await restoring.store.listOpenRuns()) {
        if (sessions.has(runId)) continue
        try {
          if ((await restoreOne(runId, audited)) === 'restored') restored.push(runId)
        } catch (error) {
          onPersistError(error)
        }
      }
      return restored
    },
    async flush() {
      const saving = [...sessions.values()].map((run) => run.persister?.flush())
      await Promise.all([...saving, ...draining])
      await policies.flush()
    },
    async close() {
      if (rescan !== undefined) timers.clearInterval(rescan)
      for (const unsubscribe of unsubscribes.splice(0)) unsubscribe()
      foreign.close()
      await this.flush()
      for (const run of sessions.values()) run.actor.stop()
      sessions.clear()
      await store?.close()
    },
  }
  let rescanning: Promise<unknown> | undefined
  const rescan =
    options.rescanEveryMs === undefined || restoring === undefined
      ? undefined
      : timers.setInterval(() => {
          rescanning ??= runtime
            .restore()
            .catch(onPersistError)
            .finally(() => {
              rescanning = undefined
            })
        }, options.rescanEveryMs)
  return runtime
}

/** Adds `item` to the set under `key`; the returned function removes it (and an emptied set). */
function addTo<T>(map: Map<string, Set<T>>, key: string, item: T): () => void {
  let set = map.get(key)
  if (set === undefined) {
    set = new Set()
    map.set(key, set)
  }
  set.add(item)
  return () => {
    set.delete(item)
    if (set.size === 0 && map.get(key) === set) map.delete(key)
  }
}
