import { AgentError } from '../../machines/AgentError.ts'
import type {
  AgentRunActor,
  AgentRuntime,
  DecisionOptions,
  StartRunOptions,
} from '../../machines/createAgentRuntime.ts'
import type { AgentEvent } from '../../vocabulary/AgentEvent.ts'
import type { ConfirmationDecision } from '../../vocabulary/Decision.ts'
import type { DecidingRun } from '../core/DecidingRun.ts'
import { RunCommandError } from '../core/RunCommandError.ts'
import type { RunCommand, RunObserver, RunSnapshotView } from '../core/RunSource.ts'

/**
 * A run of a runtime in the same JS context. Reads come from its actor and the runtime's log
 * (streamed text included, as it arrives); every command goes through
 * the runtime's methods (`submitConfirmation`, `editConfirmation`, …), so lasting decisions reach
 * the policy store exactly as they do over HTTP.
 */
export class LocalRunClient implements DecidingRun {
  readonly runId: string
  readonly #runtime: AgentRuntime
  readonly #actor: AgentRunActor
  readonly #events: AgentEvent[]
  readonly #observers = new Set<RunObserver>()
  #view: RunSnapshotView

  constructor(runtime: AgentRuntime, runId: string) {
    this.#runtime = runtime
    this.runId = runId
    this.#actor = runtime.actor(runId)
    this.#events = [...runtime.events(runId)]
    this.#view = this.#makeView()
    // One subscription each for the client's lifetime; views are rebuilt only when something changed.
    runtime.subscribe(runId, (event) => {
      this.#events.push(event)
      this.#publish()
    })
    this.#actor.subscribe({
      next: () => this.#publish(),
      error: (error) => {
        for (const observer of this.#observers) observer.error?.(error)
      },
      complete: () => {
        this.#publish()
        for (const observer of this.#observers) observer.complete?.()
      },
    })
  }

  #makeView(): RunSnapshotView {
    const snapshot = this.#actor.getSnapshot()
    const { messages, pending } = snapshot.context
    return {
      value: snapshot.value,
      status: snapshot.status,
      context: { runId: this.runId, events: [...this.#events], messages, pending },
    }
  }

  #publish(): void {
    const before = this.#view
    const snapshot = this.#actor.getSnapshot()
    if (
      before.value === snapshot.value &&
      before.status === snapshot.status &&
      before.context.events.length === this.#events.length &&
      before.context.messages === snapshot.context.messages &&
      before.context.pending === snapshot.context.pending
    ) {
      return
    }
    this.#view = this.#makeView()
    for (const observer of this.#observers) observer.next?.(this.#view)
  }

  /** Starts a run and returns a client for it. */
  static start(runtime: AgentRuntime, options: StartRunOptions): LocalRunClient {
    return new LocalRunClient(runtime, runtime.startRun(options))
  }

  /** Calls `observer.next` with each new view of the run. */
  subscribe(observer: RunObserver): { unsubscribe(): void } {
    this.#observers.add(observer)
    return { unsubscribe: () => this.#observers.delete(observer) }
  }

  /** The run's latest view (the same object until something changes). */
  getSnapshot(): RunSnapshotView {
    return this.#view
  }

  /** Fire-and-forget; use `request` to learn whether the command was accepted. */
  send(command: RunCommand): void {
    this.request(command).catch(() => {
      // The snapshot shows what happened; a refused command changes nothing.
    })
  }

  /** Carries out a command through the runtime; rejects with `RunCommandError` when refused. */
  async request(command: RunCommand): Promise<void> {
    switch (command.type) {
      case 'CONFIRM':
      case 'DENY':
        return this.decide(command.confirmationId, command.type === 'CONFIRM' ? 'allow' : 'deny', {
          ...(command.digest !== undefined && { digest: command.digest }),
        })
      case 'USER_INPUT':
        return this.#call(() => this.#runtime.sendInput(this.runId, command.text))
      case 'CANCEL':
        return this.#call(() => this.#runtime.cancel(this.runId, command.reason))
    }
  }

  /** Passes on a decision, optionally keeping it as a rule. */
  async decide(
    confirmationId: string,
    decision: ConfirmationDecision,
    options: DecisionOptions = {},
  ): Promise<void> {
    this.#call(() =>
      this.#runtime.submitConfirmation(this.runId, confirmationId, decision, options),
    )
  }

  /** Replaces the pending call's arguments; resolves with the new card's id. */
  async edit(confirmationId: string, args: string | object): Promise<string | undefined> {
    this.#call(() => this.#runtime.editConfirmation(this.runId, confirmationId, args))
    return this.#runtime.pendingConfirmation(this.runId)?.confirmationId
  }

  #call(fn: () => void): void {
    try {
      fn()
    } catch (error) {
      if (error instanceof AgentError) throw new RunCommandError(error.code, error.message)
      throw error
    }
  }
}
