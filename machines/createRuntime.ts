import {
  type AnyActorLogic,
  createActor,
  type InspectionEvent,
  type Observer,
  type Snapshot,
} from 'xstate'
import type { ChatMessage, ModelClient } from '../models/messages.ts'
import type { AgentEvent, ConfirmationDecision, RunStatus } from '../store/AgentEvent.ts'
import { memoryRunStore } from '../store/memoryRunStore.ts'
import type { RunStore } from '../store/RunStore.ts'
import type { ToolRegistry } from '../tools/ToolRegistry.ts'
import type { StudyWorkspace } from '../workspace/StudyWorkspace.ts'
import { AgentError } from './AgentError.ts'
import type { AgentRunActor } from './AgentRunActor.ts'
import { createAgentRunMachine } from './agentRunMachine.ts'
import type { AgentRunEvent, AgentRunInput, PendingConfirmation } from './agentRunTypes.ts'
import { createSerializer } from './createSerializer.ts'
import { PolicyStore } from './PolicyStore.ts'
import { RunSession } from './RunSession.ts'
import { restoreRuns } from './restoreRuns.ts'
import { type DecisionOptions, decide, edit } from './runDecisions.ts'
import { waitForStatus } from './waitForStatus.ts'

/** What a runtime is built from; clock, ids and store default to the real ones and memory. */
export interface AgentRuntimeOptions {
  model: ModelClient
  tools: ToolRegistry
  workspace: StudyWorkspace
  /** Where runs, the journal, the audit log and kept rules live (default: in memory). */
  store?: RunStore
  clock?: () => Date
  generateId?: () => string
  /** Model turns allowed after each user message (default 25). */
  maxTurns?: number
  /** A system prompt put before every run's first user message. */
  systemPrompt?: string
  /** How long a confirmation card stays open; default: never expires. */
  confirmationTimeoutMs?: number
  /** Keep runs, the intent journal and the audit log in the store (default true). */
  durable?: boolean
  /** Told when saving a run fails; default: written to stderr. */
  onPersistError?: (error: unknown) => void
  /** An XState inspector given to every run's actor from its start (e.g. `@statelyai/inspect`). */
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void)
}

/** What starting a run takes. */
export interface StartRunOptions {
  input: string
  notebookId?: string
}

/** Runs agents: starts runs, passes on the user's decisions, and reports what happened. */
export interface AgentRuntime {
  readonly model: ModelClient
  readonly tools: ToolRegistry
  readonly workspace: StudyWorkspace
  /** Where this runtime keeps its runs (undefined when it keeps nothing). */
  readonly store: RunStore | undefined
  /** The user's standing decisions; list and revoke them here. */
  readonly policies: PolicyStore
  /** Starts a run; returns its id at once while the model thinks. */
  startRun(options: StartRunOptions): string
  /** Sends the user's next message to a run that is waiting for input. */
  sendInput(runId: string, text: string): void
  /** Ends a run: aborts the model or tool, drops any pending confirmation. */
  cancel(runId: string, reason?: string): void
  /** Passes on the user's decision; throws `AgentError('confirmation_not_found')` unless it matches. */
  submitConfirmation(
    runId: string,
    confirmationId: string,
    decision: ConfirmationDecision,
    options?: DecisionOptions,
  ): void
  /** Replaces a pending call's arguments: a new proposal with a new card; returns its id. The old id dies. */
  editConfirmation(runId: string, confirmationId: string, args: string | object): string
  status(runId: string): RunStatus
  /** The confirmation a run waits for, if any. */
  pendingConfirmation(runId: string): PendingConfirmation | undefined
  /** Resolves once the run is in one of the given states; rejects on timeout or if it ends elsewhere. */
  waitFor(
    runId: string,
    status: RunStatus | readonly RunStatus[],
    options?: { timeoutMs?: number },
  ): Promise<RunStatus>
  /** The run's logged events (streamed deltas are delivered live, not kept). */
  events(runId: string): readonly AgentEvent[]
  /** Calls `listener` with each event of the run from now on; returns the unsubscribe function. */
  subscribe(runId: string, listener: (event: AgentEvent) => void): () => void
  /** Calls `listener` with every event of every run from now on. */
  onEvent(listener: (event: AgentEvent) => void): () => void
  actor(runId: string): AgentRunActor
  runIds(): readonly string[]
  /** Drops an ended run from memory (`flush()` still waits for its saving); throws `AgentError('run_active')` while it has not ended. */
  release(runId: string): void
  /**
   * Takes back every unfinished run of the store that no other live runtime owns; returns their
   * ids. Runs owned elsewhere are seen but refused (`run_owned_elsewhere`); call again to take
   * over those whose owner has died. A damaged run is reported to `onPersistError` and left as is.
   */
  restore(): Promise<string[]>
  /** Resolves once everything that happened so far is saved. */
  flush(): Promise<void>
  /** Saves everything, gives up this runtime's runs in the store, and closes it. */
  close(): Promise<void>
}

/** Creates a runtime over a model, a tool registry, a workspace and a run store. */
export function createRuntime(options: AgentRuntimeOptions): AgentRuntime {
  const clock = options.clock ?? (() => new Date())
  const generateId = options.generateId ?? (() => crypto.randomUUID())
  const { model, tools, workspace } = options
  const durable = options.durable ?? true
  const store = durable ? (options.store ?? memoryRunStore()) : undefined
  const onPersistError =
    options.onPersistError ??
    ((error: unknown) => console.error('studypulse: saving failed:', error))
  const sessions = new Map<string, RunSession>()
  /** Runs seen in the store that another runtime owns, with what it last saved. */
  const foreign = new Map<
    string,
    { status: RunStatus; pending?: PendingConfirmation; log: AgentEvent[] }
  >()
  const allListeners = new Set<(event: AgentEvent) => void>()
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
  const serialize = createSerializer()
  const deliver = (event: AgentEvent) => {
    for (const listener of allListeners) listener(event)
  }

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
    restored?: { log: AgentEvent[]; recovery?: AgentRunEvent },
  ): RunSession => {
    const run = new RunSession(
      actor,
      { effects, policies, ...(store && { store }), claimed, deliver, onPersistError, serialize },
      restored?.log,
    )
    sessions.set(actor.id, run)
    foreign.delete(actor.id)
    run.start({
      restored: restored !== undefined,
      ...(restored?.recovery !== undefined && { recovery: restored.recovery }),
    })
    return run
  }

  return {
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
      decide(liveActor(runId), runId, confirmationId, decision, decisionOptions, policies)
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
      const run = session(runId)
      run.listeners.add(listener)
      return () => run.listeners.delete(listener)
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
      if (store === undefined) return []
      const restored = await restoreRuns({
        store,
        tools,
        clock,
        skip: (runId) => sessions.has(runId),
        onForeign: (runId, seen) => foreign.set(runId, seen),
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
          return launch(actor, Promise.resolve(), {
            log: saved.log,
            ...(saved.recovery !== undefined && { recovery: saved.recovery }),
          }).actor
        },
      })
      return restored
    },
    async flush() {
      const saving = [...sessions.values()].map((run) => run.persister?.flush())
      await Promise.all([...saving, ...draining])
      await policies.flush()
    },
    async close() {
      await this.flush()
      for (const run of sessions.values()) run.actor.stop()
      sessions.clear()
      await store?.close()
    },
  }
}
