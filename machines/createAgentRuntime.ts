import { type Actor, createActor, type Snapshot } from 'xstate'
import type { ChatMessage, ModelClient } from '../models/messages.ts'
import type { ToolRegistry } from '../tools/ToolRegistry.ts'
import { readPolicyFile, writePolicyFile } from '../workspace/policyFile.ts'
import { RunFiles } from '../store/RunFiles.ts'
import type { StudyWorkspace } from '../workspace/StudyWorkspace.ts'
import { AgentError } from './AgentError.ts'
import type { AgentEvent, ConfirmationDecision, RunStatus } from '../store/AgentEvent.ts'
import { type AgentRunMachine, createAgentRunMachine } from './agentRunMachine.ts'
import type { AgentRunInput, PendingConfirmation } from './agentRunTypes.ts'
import { loadSavedRun, resumeSavedRun } from './loadSavedRun.ts'
import { describeRule, type PolicyScope, PolicyStore } from './PolicyStore.ts'
import { persistRun, type RunPersister } from './persistRun.ts'
import { createRunActors } from './runActors.ts'
import { waitForStatus } from './waitForStatus.ts'
import { watchRun } from './watchRun.ts'

/** What a runtime is built from; clock and id generator default to the real ones. */
export interface AgentRuntimeOptions {
  model: ModelClient
  tools: ToolRegistry
  workspace: StudyWorkspace
  clock?: () => Date
  generateId?: () => string
  /** Model turns allowed after each user message (default 25). */
  maxTurns?: number
  /** A system prompt put before every run's first user message. */
  systemPrompt?: string
  /** How long a confirmation card stays open; default: never expires. */
  confirmationTimeoutMs?: number
  /** Save runs, the intent journal and the audit log in the workspace (default true). */
  durable?: boolean
  /** Told when saving a run fails; default: written to stderr. */
  onPersistError?: (error: unknown) => void
}

/** What starting a run takes. */
export interface StartRunOptions {
  input: string
  notebookId?: string
}

/** Extra parts of a decision: the call the user saw, and whether to remember it as a rule. */
export interface DecisionOptions {
  /** The digest shown on the card; a different one means the call changed and is refused. */
  digest?: string
  /** Keep this decision as a rule: allow for this `run` or `session` (write tools only), or deny `always`. */
  remember?: PolicyScope
}

/** A running agent-run actor. */
export type AgentRunActor = Actor<AgentRunMachine>

/** Runs agents: starts runs, passes on the user's decisions, and reports what happened. */
export interface AgentRuntime {
  readonly model: ModelClient
  readonly tools: ToolRegistry
  readonly workspace: StudyWorkspace
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
  events(runId: string): readonly AgentEvent[]
  /** Calls `listener` with each event of the run from now on; returns the unsubscribe function. */
  subscribe(runId: string, listener: (event: AgentEvent) => void): () => void
  /** Calls `listener` with every event of every run from now on. */
  onEvent(listener: (event: AgentEvent) => void): () => void
  actor(runId: string): AgentRunActor
  runIds(): readonly string[]
  /** Drops an ended run from memory (`flush()` still waits for its saving); throws `AgentError('run_active')` while it has not ended. */
  release(runId: string): void
  /** Reloads every unfinished run saved in the workspace; returns their ids. A damaged run is reported to `onPersistError` and left on disk. */
  restore(): Promise<string[]>
  /** Resolves once everything that happened so far is saved. */
  flush(): Promise<void>
}

/** Creates a runtime over a model, a tool registry and a workspace. */
export function createAgentRuntime(options: AgentRuntimeOptions): AgentRuntime {
  const clock = options.clock ?? (() => new Date())
  const generateId = options.generateId ?? (() => crypto.randomUUID())
  const { model, tools, workspace } = options
  const durable = options.durable ?? true
  const onPersistError =
    options.onPersistError ??
    ((error: unknown) => console.error('studypulse: saving failed:', error))
  const files = new RunFiles(workspace.location)
  const runs = new Map<string, AgentRunActor>()
  const persisters = new Map<string, RunPersister>()
  const runListeners = new Map<string, Set<(event: AgentEvent) => void>>()
  const allListeners = new Set<(event: AgentEvent) => void>()
  // Saves of released runs still under way, so `flush()` keeps waiting for them.
  const draining = new Set<Promise<void>>()
  const policies = new PolicyStore({
    generateId,
    clock,
    permissionOf: (tool) => tools.permissionOf(tool),
    save: (kept) => writePolicyFile(workspace.location, kept),
    onSaveError: onPersistError,
  })
  const policiesLoaded = durable
    ? readPolicyFile(workspace.location).then((kept) => policies.load(kept), onPersistError)
    : Promise.resolve()

  const logic = createAgentRunMachine({ tools, clock, generateId }).provide({
    actors: createRunActors({
      model,
      tools,
      workspace,
      clock,
      generateId,
      onTextDelta: (runId, text) => runs.get(runId)?.send({ type: 'ASSISTANT_DELTA', text }),
      ...(durable && {
        journal: async (runId, record) => {
          // The card's snapshot reaches disk before the intent, so a restart always finds the run.
          if (record.type === 'intent') await persisters.get(runId)?.flush()
          await files.append(runId, 'journal', [record])
        },
      }),
    }),
  })
  const history: ChatMessage[] =
    options.systemPrompt === undefined ? [] : [{ role: 'system', content: options.systemPrompt }]

  const find = (runId: string): AgentRunActor => {
    const actor = typeof runId === 'string' ? runs.get(runId) : undefined
    if (actor === undefined) throw new AgentError('run_not_found', `no run has id "${runId}"`)
    return actor
  }
  const statusOf = (actor: AgentRunActor): RunStatus => actor.getSnapshot().value as RunStatus
  const notFound = (message: string) => new AgentError('confirmation_not_found', message)

  /** Registers and starts an actor: persistence first, then events and standing rules. */
  const launch = (actor: AgentRunActor, savedEvents: number) => {
    runs.set(actor.id, actor)
    if (durable)
      persisters.set(actor.id, persistRun(actor, files, { savedEvents, onError: onPersistError }))
    watchRun(actor, {
      delivered: savedEvents,
      deliver: (event) => {
        for (const listener of allListeners) listener(event)
        for (const listener of runListeners.get(actor.id) ?? []) listener(event)
      },
      policies,
    })
    actor.start()
    void persisters.get(actor.id)?.flush()
  }

  /** The pending confirmation of a run, if `confirmationId` is exactly it; throws otherwise. */
  const matchingPending = (runId: string, confirmationId: string): PendingConfirmation => {
    const actor = runs.get(runId)
    if (actor === undefined) throw notFound(`no run has id "${runId}"`)
    const { context } = actor.getSnapshot()
    const pending = statusOf(actor) === 'awaitingConfirmation' ? context.pending : undefined
    if (pending === undefined) throw notFound(`run ${runId} is not waiting for a confirmation`)
    if (pending.confirmationId !== confirmationId) {
      throw notFound(
        context.retiredConfirmationIds.includes(confirmationId)
          ? `confirmation ${confirmationId} was already decided`
          : `confirmation ${confirmationId} is not the one run ${runId} is waiting for`,
      )
    }
    return pending
  }

  return {
    model,
    tools,
    workspace,
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
      launch(createActor(logic, { id: runId, input: runInput }), 0)
      return runId
    },
    sendInput(runId, text) {
      const actor = find(runId)
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
      const actor = find(runId)
      if (actor.getSnapshot().status !== 'active') return
      actor.send({ type: 'CANCEL', ...(reason !== undefined && { reason }) })
    },
    submitConfirmation(runId, confirmationId, decision, decisionOptions = {}) {
      if (decision !== 'allow' && decision !== 'deny') {
        throw new AgentError('invalid_decision', 'decision must be "allow" or "deny"')
      }
      const pending = matchingPending(runId, confirmationId)
      const { digest, remember } = decisionOptions
      if (digest !== undefined && digest !== pending.digest) {
        throw notFound(`confirmation ${confirmationId} was issued for a different call`)
      }
      const actor = find(runId)
      const tool = actor.getSnapshot().context.current?.prepared?.name ?? ''
      const keep =
        remember === undefined ? undefined : { tool, effect: decision, scope: remember, runId }
      // Checked before deciding, kept only once the decision took: no rule outlives a refusal.
      if (keep !== undefined) policies.check(keep)
      actor.send({
        type: decision === 'allow' ? 'CONFIRM' : 'DENY',
        confirmationId,
        digest: pending.digest,
        decidedBy: 'user',
        ...(keep !== undefined && { rule: `kept as a rule: ${describeRule(keep)}` }),
      })
      if (actor.getSnapshot().context.pending?.confirmationId === confirmationId) {
        throw notFound(`run ${runId} refused confirmation ${confirmationId}`)
      }
      if (keep !== undefined) policies.add(keep)
    },
    editConfirmation(runId, confirmationId, args) {
      matchingPending(runId, confirmationId)
      const actor = find(runId)
      const call = actor.getSnapshot().context.current?.call
      const text = typeof args === 'string' ? args : JSON.stringify(args)
      try {
        tools.prepare(call?.id ?? '', call?.name ?? '', text)
      } catch (error) {
        const detail = (error as { detail?: string }).detail ?? String(error)
        throw new AgentError('invalid_edit', `the edited arguments are not valid: ${detail}`)
      }
      actor.send({ type: 'EDIT', confirmationId, arguments: text })
      const replaced = actor.getSnapshot().context.pending?.confirmationId
      if (replaced === undefined || replaced === confirmationId) {
        throw notFound(`run ${runId} refused the edit of confirmation ${confirmationId}`)
      }
      return replaced
    },
    status: (runId) => statusOf(find(runId)),
    pendingConfirmation(runId) {
      const actor = find(runId)
      return statusOf(actor) === 'awaitingConfirmation'
        ? actor.getSnapshot().context.pending
        : undefined
    },
    waitFor(runId, status, { timeoutMs = 10_000 } = {}) {
      return waitForStatus(find(runId), typeof status === 'string' ? [status] : status, timeoutMs)
    },
    events: (runId) => find(runId).getSnapshot().context.events,
    subscribe(runId, listener) {
      find(runId)
      const set = runListeners.get(runId) ?? new Set()
      runListeners.set(runId, set)
      set.add(listener)
      return () => set.delete(listener)
    },
    onEvent(listener) {
      allListeners.add(listener)
      return () => allListeners.delete(listener)
    },
    actor: find,
    runIds: () => [...runs.keys()],
    release(runId) {
      const actor = find(runId)
      if (actor.getSnapshot().status === 'active') {
        throw new AgentError(
          'run_active',
          `run ${runId} has not ended; cancel it before releasing it`,
        )
      }
      const persister = persisters.get(runId)
      if (persister !== undefined) {
        const saved = persister.flush().finally(() => draining.delete(saved))
        draining.add(saved)
      }
      runs.delete(runId)
      persisters.delete(runId)
      runListeners.delete(runId)
    },
    async restore() {
      await policiesLoaded
      if (!durable) return []
      await files.sweepTempFiles()
      await files.repairAudit()
      const restored: string[] = []
      for (const runId of await files.listRuns()) {
        // An ended run is skipped with a look at its folder: start-up must not parse all history.
        if (runs.has(runId) || (await files.hasEnded(runId))) continue
        // One damaged run must not keep the others from coming back; its files stay as they are.
        const saved = await loadSavedRun(files, tools, runId).catch((error: unknown) => {
          onPersistError(error)
          return undefined
        })
        if (saved === undefined) continue
        // A saved snapshot is the JSON of `getPersistedSnapshot()`, which XState takes back as is.
        const snapshot = saved.snapshot as unknown as Snapshot<unknown>
        // XState ignores `input` when it restores a snapshot; the type asks for it all the same.
        const actor = createActor(logic, { id: runId, snapshot, input: { runId, input: '' } })
        launch(actor, saved.snapshot.context.events.length)
        resumeSavedRun(actor, saved, clock)
        restored.push(runId)
      }
      return restored
    },
    async flush() {
      await Promise.all([...[...persisters.values()].map((p) => p.flush()), ...draining])
      await policies.flush()
    },
  }
}
