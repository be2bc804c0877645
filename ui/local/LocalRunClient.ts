import { AgentError } from '../../machines/AgentError.ts'
import type { ConfirmationDecision } from '../../store/AgentEvent.ts'
import type {
  AgentRunActor,
  AgentRuntime,
  DecisionOptions,
  StartRunOptions,
} from '../../machines/createAgentRuntime.ts'
import type { DecidingRun } from '../core/DecidingRun.ts'
import { RunCommandError } from '../core/RunCommandError.ts'
import type { RunCommand, RunObserver, RunSnapshotView } from '../core/RunSource.ts'

/**
 * A run of a runtime in the same JS context. Reads come from its actor; every command goes through
 * the runtime's methods (`submitConfirmation`, `editConfirmation`, …), so lasting decisions reach
 * the policy store exactly as they do over HTTP.
 */
export class LocalRunClient implements DecidingRun {
  readonly runId: string
  readonly #runtime: AgentRuntime
  readonly #actor: AgentRunActor

  constructor(runtime: AgentRuntime, runId: string) {
    this.#runtime = runtime
    this.runId = runId
    this.#actor = runtime.actor(runId)
  }

  /** Starts a run and returns a client for it. */
  static start(runtime: AgentRuntime, options: StartRunOptions): LocalRunClient {
    return new LocalRunClient(runtime, runtime.startRun(options))
  }

  /** Calls `observer.next` with each new snapshot of the run's actor. */
  subscribe(observer: RunObserver): { unsubscribe(): void } {
    return this.#actor.subscribe({
      next: (snapshot) => observer.next?.(snapshot as unknown as RunSnapshotView),
      error: (error) => observer.error?.(error),
      complete: () => observer.complete?.(),
    })
  }

  /** The actor's latest snapshot. */
  getSnapshot(): RunSnapshotView {
    return this.#actor.getSnapshot() as unknown as RunSnapshotView
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
