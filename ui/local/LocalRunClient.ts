import type { JsonSchema } from '../../models/messages.ts'
import { AgentError } from '../../runtime/AgentError.ts'
import type { AgentRuntime, DecisionOptions, StartRunOptions } from '../../runtime/AgentRuntime.ts'
import type { AgentEvent } from '../../vocabulary/AgentEvent.ts'
import type { ConfirmationDecision } from '../../vocabulary/Decision.ts'
import type { DecidingRun } from '../core/DecidingRun.ts'
import { RunCommandError } from '../core/RunCommandError.ts'
import { RunObservers } from '../core/RunObservers.ts'
import type { RunObserver, RunSnapshotView, RunSourceCommand } from '../core/RunSource.ts'

/**
 * A run of a runtime in the same JS context. Reads come from the runtime's `view` and what its
 * `subscribe` delivers (streamed text included, as it arrives); every command goes through the
 * runtime's `command`, so lasting decisions reach the policy store exactly as they do over HTTP.
 */
export class LocalRunClient implements DecidingRun {
  readonly runId: string
  readonly #runtime: AgentRuntime
  readonly #events: AgentEvent[]
  readonly #observers = new RunObservers()
  #view: RunSnapshotView

  constructor(runtime: AgentRuntime, runId: string) {
    this.#runtime = runtime
    this.runId = runId
    this.#events = [...runtime.view(runId).events]
    this.#view = this.#makeView()
    // One subscription for the client's lifetime; views are rebuilt only when something changed.
    runtime.subscribe(runId, (event) => {
      if (event !== undefined) this.#events.push(event)
      this.#publish()
    })
  }

  #makeView(): RunSnapshotView {
    const { value, status, messages, pending } = this.#runtime.view(this.runId)
    return {
      value,
      status,
      context: { runId: this.runId, events: [...this.#events], messages, pending },
    }
  }

  #publish(): void {
    const before = this.#view
    const now = this.#runtime.view(this.runId)
    if (
      before.value === now.value &&
      before.status === now.status &&
      before.context.events.length === this.#events.length &&
      before.context.messages === now.messages &&
      before.context.pending === now.pending
    ) {
      return
    }
    this.#view = this.#makeView()
    this.#observers.next(this.#view)
    if (this.#view.status !== 'active' && before.status === 'active') {
      this.#observers.complete()
    }
  }

  /** Starts a run and returns a client for it. */
  static start(runtime: AgentRuntime, options: StartRunOptions): LocalRunClient {
    return new LocalRunClient(runtime, runtime.startRun(options))
  }

  /** Calls `observer.next` (or `next`) with each new view of the run; the actor `subscribe` shape. */
  subscribe(
    observer: RunObserver | ((snapshot: RunSnapshotView) => void),
    error?: (error: unknown) => void,
    complete?: () => void,
  ): { unsubscribe(): void } {
    return this.#observers.subscribe(observer, error, complete)
  }

  /** The run's latest view (the same object until something changes). */
  getSnapshot(): RunSnapshotView {
    return this.#view
  }

  /** Fire-and-forget; use `request` to learn whether the command was accepted. */
  send(command: RunSourceCommand): void {
    this.request(command).catch(() => {
      // The snapshot shows what happened; a refused command changes nothing.
    })
  }

  /** Carries out a command through the runtime; rejects with `RunCommandError` when refused. */
  async request(command: RunSourceCommand): Promise<void> {
    switch (command.type) {
      case 'CONFIRM':
      case 'DENY':
        return this.decide(command.confirmationId, command.type === 'CONFIRM' ? 'allow' : 'deny', {
          ...(command.digest !== undefined && { digest: command.digest }),
        })
      case 'USER_INPUT':
        return this.#call(this.#runtime.sendInput(this.runId, command.text))
      case 'UNDO': {
        const undo = { kind: 'undo' as const, changeId: command.changeId }
        return this.#call(this.#runtime.command(this.runId, undo).then(() => undefined))
      }
      case 'PROPOSE': {
        const propose = { kind: 'propose' as const, ...command.proposal }
        return this.#call(this.#runtime.command(this.runId, propose).then(() => undefined))
      }
      case 'CANCEL':
        return this.#call(this.#runtime.cancel(this.runId, command.reason))
    }
  }

  /** Passes on a decision, optionally keeping it as a rule. */
  async decide(
    confirmationId: string,
    decision: ConfirmationDecision,
    options: DecisionOptions = {},
  ): Promise<void> {
    await this.#call(
      this.#runtime.submitConfirmation(this.runId, confirmationId, decision, options),
    )
  }

  /** Replaces the pending call's arguments; resolves with the new card's id. */
  async edit(confirmationId: string, args: string | object): Promise<string | undefined> {
    const result = await this.#call(
      this.#runtime.command(this.runId, { kind: 'edit', confirmationId, args }),
    )
    return result.applied ? result.confirmationId : undefined
  }

  /** The pending card's tool schema, from the runtime's tools, for Edit's form. */
  async argumentsSchema(confirmationId: string): Promise<JsonSchema | undefined> {
    const { pending, events } = this.#runtime.view(this.runId)
    if (pending?.confirmationId !== confirmationId) return undefined
    const card = events.findLast(
      (e) => e.kind === 'confirmationRequired' && e.confirmationId === confirmationId,
    )
    return this.#runtime.tools.definitions().find((d) => d.name === card?.toolName)?.parameters
  }

  async #call<T>(doing: Promise<T>): Promise<T> {
    try {
      return await doing
    } catch (error) {
      if (error instanceof AgentError) throw new RunCommandError(error.code, error.message)
      throw error
    }
  }
}
