import type { RunStore } from '../store/RunStore.ts'
import type { AgentEvent } from '../vocabulary/AgentEvent.ts'
import type { AgentRunActor } from './AgentRunActor.ts'
import type { AgentEventsEmitted, AgentRunEvent } from './agentRunTypes.ts'
import { answerWithRules } from './answerWithRules.ts'
import { auditRecordFor } from './auditRecordFor.ts'
import type { PolicyStore } from './PolicyStore.ts'
import { persistRun, type RunPersister } from './persistRun.ts'
import { callModel, executeCall, type RunEffectDeps, waitsItsTurn } from './runEffects.ts'

/** What a session needs from its runtime. */
export interface RunSessionDeps {
  effects: RunEffectDeps
  policies: PolicyStore
  /** Absent when the runtime keeps nothing (`durable: false`). */
  store?: RunStore
  /** Resolves once the run is claimed for this runtime; saves wait for it. */
  claimed: Promise<unknown>
  /** Runs tasks with the same key one after another (across the runtime's runs). */
  serialize: <T>(key: string, task: () => Promise<T>) => Promise<T>
  /** Every event of every run, as it is logged or streamed. */
  deliver: (event: AgentEvent) => void
  onPersistError: (error: unknown) => void
}

/**
 * One live run: its actor, its event log in memory, its listeners, its saves, and the I/O the
 * statechart asks for. The machine only logs `thinking` or `executing`; this calls the model
 * or runs the tool and sends the result back as an event.
 */
export class RunSession {
  readonly actor: AgentRunActor
  /** The run's log, in `seq` order (streamed deltas are delivered, never kept). */
  readonly log: AgentEvent[]
  readonly listeners = new Set<(event: AgentEvent) => void>()
  readonly persister: RunPersister | undefined
  readonly #deps: RunSessionDeps
  #abort = new AbortController()

  constructor(
    actor: AgentRunActor,
    deps: RunSessionDeps,
    restoredLog: AgentEvent[] = [],
    savedMessages = 0,
  ) {
    this.actor = actor
    this.log = restoredLog
    this.#deps = deps
    this.persister =
      deps.store === undefined
        ? undefined
        : persistRun(actor, deps.store, {
            ready: deps.claimed,
            onError: deps.onPersistError,
            savedMessages,
          })
    actor.on('agentEvents', (emitted: AgentEventsEmitted) => this.#logged(emitted.events))
    answerWithRules(actor, deps.policies)
    actor.subscribe({ complete: () => this.#abort.abort() })
  }

  /**
   * Starts the actor. A restored run is first told its recovery (what the journal says became of
   * its call); with none, a run resting in `thinking` asks the model again and one resting in
   * `executing` runs its call (no entry action runs on restore).
   */
  start(options: { restored?: boolean; recovery?: AgentRunEvent } = {}): void {
    this.actor.start()
    if (options.restored) {
      const state = this.actor.getSnapshot().value
      if (options.recovery !== undefined) this.actor.send(options.recovery)
      else if (state === 'thinking') this.#think()
      else if (state === 'executing') this.#execute()
    }
    void this.persister?.flush()
  }

  /** Delivers an event to this run's listeners and the runtime's. */
  deliver(event: AgentEvent): void {
    this.#deps.deliver(event)
    for (const listener of this.listeners) listener(event)
  }

  #logged(events: readonly AgentEvent[]): void {
    this.persister?.logged(events)
    for (const event of events) {
      this.log.push(event)
      const audit = this.persister && auditRecordFor(event, this.log)
      if (audit !== undefined) this.persister?.audit(audit)
      this.deliver(event)
      if (event.kind !== 'statusChanged') continue
      if (event.status === 'thinking') this.#think()
      else if (event.status === 'executing') this.#execute()
    }
  }

  #think(): void {
    const { actor } = this
    const { signal } = this.#abort
    const context = actor.getSnapshot().context
    const streamed = (text: string) =>
      this.deliver({
        runId: actor.id,
        // Live only: numbered after the last logged event, never stored.
        seq: actor.getSnapshot().context.lastSeq,
        at: this.#deps.effects.clock().toISOString(),
        kind: 'assistantDelta',
        text,
      })
    // Called at once (the emit comes after the step), so a cancel right after still aborts it.
    void callModel(this.#deps.effects, context, signal, streamed).then(
      (turn) => {
        if (!signal.aborted) actor.send({ type: 'MODEL_DONE', turn })
      },
      (error: unknown) => {
        if (!signal.aborted) actor.send({ type: 'MODEL_FAILED', error })
      },
    )
  }

  /**
   * Runs the current call. Calls that need a card run one at a time per tool, and write their
   * intent only when their turn comes: a call still waiting when the app stops never began, and
   * is reported `not_started` after a restart rather than `interrupted`.
   */
  #execute(): void {
    const { actor } = this
    const { signal } = this.#abort
    const { current, notebookId } = actor.getSnapshot().context
    const prepared = current?.prepared
    if (current === undefined || prepared === undefined) return
    const callId = current.call.id
    const persister = this.persister
    const run = () =>
      executeCall(this.#deps.effects, {
        runId: actor.id,
        prepared,
        signal,
        ...(notebookId !== undefined && { notebookId }),
        ...(current.confirmationId !== undefined && { confirmationId: current.confirmationId }),
        writeIntent: (record) => persister?.intent(record) ?? Promise.resolve(),
        keepOutcome: (record) => persister?.outcome(record),
      })
    const queued = waitsItsTurn(this.#deps.effects, prepared)
      ? this.#deps.serialize(prepared.name, run)
      : run()
    // The run's own save of `executing` (the decision) lands before the call waits its turn.
    void persister?.flush()
    // A run cancelled meanwhile has ended: its actor takes no more events.
    void queued.then(
      (result) => {
        if (!signal.aborted) actor.send({ type: 'TOOL_DONE', callId, result })
      },
      (error: unknown) => {
        if (!signal.aborted) actor.send({ type: 'TOOL_FAILED', callId, error })
      },
    )
  }
}
