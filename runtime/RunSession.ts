import { type AnyActorLogic, createActor, type Snapshot } from 'xstate'
import type { AgentEventsEmitted, AgentRunEvent } from '../machines/agentRunTypes.ts'
import type { AgentEvent } from '../vocabulary/AgentEvent.ts'
import type { AgentRunActor } from './AgentRunActor.ts'
import { auditRecordFor } from './auditRecordFor.ts'
import type { RunPersister } from './persistRun.ts'
import type { RunState } from './RunState.ts'

/** What a session needs from its runtime. */
export interface SessionHost {
  /** The run statechart with the runtime's effects supplied. */
  readonly logic: AnyActorLogic
  readonly actorOptions: object
  /** Every event of every run, as it is logged or streamed. */
  deliver(event: AgentEvent): void
  /** A step of this run ended in `state` (its log entries are all delivered). */
  stepEnded(session: RunSession, state: RunState): void
}

// Why a run's work is aborted: made once, since `abort()` without a reason builds a DOMException
// (with its stack) every time, the dearest step of ending a run.
const runEnded = Object.freeze(Object.assign(new Error('the run ended'), { name: 'AbortError' }))

/** How a session begins: a new run from its input, or a saved run from its persisted snapshot. */
export type SessionStart = { input: object } | { snapshot: unknown }

/**
 * One run this runtime holds: its actor (or, while it only waits for a person, its parked
 * snapshot), its log in memory, its listeners and its saves. The actor's steps hand their log
 * entries over in `agentEvents`; this keeps them, tells the listeners, and tells the runtime when
 * a step ended. It starts no I/O itself: the chart names the effects (see `runEffects`).
 */
export class RunSession {
  readonly runId: string
  /** The run's log, in `seq` order (streamed deltas are delivered, never kept). */
  readonly log: AgentEvent[]
  /** This run's listeners, made on first use. */
  listeners: Set<(event?: AgentEvent) => void> | undefined
  readonly persister: RunPersister | undefined
  readonly #host: SessionHost
  #actor: AgentRunActor | undefined
  /** The snapshot a parked run rests in (its actor is gone). */
  #parked: RunState | undefined
  #abort: AbortController | undefined
  // Stopped for good (dropped, released, closing, or a crash stood in for): nothing wakes it.
  #stopped = false
  /** The last decision the store refused to save (its card offered again), by card, for its decider. */
  readonly #refused = new Map<string, unknown>()

  constructor(
    host: SessionHost,
    runId: string,
    start: SessionStart,
    log: AgentEvent[],
    persister: RunPersister | undefined,
  ) {
    this.#host = host
    this.runId = runId
    this.log = log
    this.persister = persister
    this.#actor = this.#makeActor(start)
  }

  /** Starts the actor (a new run enters `thinking`; a restored one rests where it was saved). */
  start(): void {
    this.#actor?.start()
  }

  /** The run's state now, live or parked. */
  state(): RunState {
    const state =
      this.#actor === undefined
        ? (this.#parked as RunState)
        : (this.#actor.getSnapshot() as unknown as RunState)
    return this.#stopped && state.status === 'active' ? { ...state, status: 'stopped' } : state
  }

  /** Whether the run has ended (or its actor was stopped). */
  ended(): boolean {
    return this.state().status !== 'active'
  }

  /** Sends an event to the run, waking it first if it is parked; returns whether its state changed. */
  send(event: AgentRunEvent): boolean {
    if (this.#stopped) return false
    const actor = this.#wake()
    const before = actor.getSnapshot()
    actor.send(event)
    return actor.getSnapshot() !== before
  }

  /**
   * The signal aborted when the run ends or is cancelled. Made on first use: an AbortController
   * costs more than a whole step, and most calls never look at theirs.
   */
  signal(): AbortSignal {
    this.#abort ??= new AbortController()
    return this.#abort.signal
  }

  /**
   * Keeps only the persisted snapshot of a run that waits for a person, and drops its actor: a
   * card may wait hours, and an actor costs more memory than the few fields it would need.
   */
  park(): void {
    const actor = this.#actor
    if (actor === undefined) return
    // The snapshot alone: its persisted form is made again when a decision wakes the run.
    this.#parked = actor.getSnapshot() as unknown as RunState
    this.#actor = undefined
    actor.stop()
  }

  /** Stops the run's actor for good (the runtime drops the run or closes). */
  stop(): void {
    this.#stopped = true
    this.#abort?.abort(runEnded)
    this.#actor?.stop()
  }

  /** Notes that the store refused to save the allow on card `confirmationId` (see `NOT_SAVED`). */
  refuse(confirmationId: string, error: unknown): void {
    // Only the last one: an earlier card's decider was told already, or never will ask.
    this.#refused.clear()
    this.#refused.set(confirmationId, error)
  }

  /** Why the store refused the decision on card `confirmationId`, if it did (told once). */
  takeRefusal(confirmationId: string): unknown {
    const error = this.#refused.get(confirmationId)
    this.#refused.delete(confirmationId)
    return error
  }

  /** Delivers an event to this run's listeners and the runtime's. */
  deliver(event: AgentEvent): void {
    this.#host.deliver(event)
    if (this.listeners !== undefined) for (const listener of this.listeners) listener(event)
  }

  /** Tells this run's listeners that its view changed without an event (e.g. a parked wake). */
  changed(): void {
    if (this.listeners !== undefined) for (const listener of this.listeners) listener()
  }

  #wake(): AgentRunActor {
    if (this.#actor !== undefined) return this.#actor
    const parked = this.#parked as RunState
    this.#parked = undefined
    const persisted = this.#host.logic.getPersistedSnapshot(parked as never)
    this.#actor = this.#makeActor({ snapshot: persisted })
    this.#actor.start()
    return this.#actor
  }

  #makeActor(start: SessionStart): AgentRunActor {
    const { logic, actorOptions } = this.#host
    const actor = createActor(logic, {
      id: this.runId,
      ...actorOptions,
      ...('input' in start
        ? { input: start.input }
        : // XState ignores `input` when it restores a snapshot.
          { snapshot: start.snapshot as Snapshot<unknown>, input: {} }),
    }) as unknown as AgentRunActor
    actor.on('agentEvents', (emitted: AgentEventsEmitted) => this.#logged(emitted.events, actor))
    return actor
  }

  #logged(events: readonly AgentEvent[], actor: AgentRunActor): void {
    const last = events.at(-1)
    if (last === undefined) return
    const { log, persister } = this
    for (const event of events) {
      log.push(event)
      if (persister !== undefined) {
        const audit = auditRecordFor(event, log)
        if (audit !== undefined) persister.audit(audit)
      }
      this.deliver(event)
    }
    persister?.logged(events)
    // The step's entries come in one batch per microstep, after the step; the last one of the
    // macrostep reaches the snapshot's `lastSeq`.
    const state = actor.getSnapshot() as unknown as RunState
    if (last.seq !== state.context.lastSeq) return
    if (state.status !== 'active') this.#abort?.abort(runEnded)
    this.#host.stepEnded(this, state)
  }
}
