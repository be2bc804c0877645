import type { JsonSchema } from '../../models/messages.ts'
import type { DecisionOptions } from '../../runtime/AgentRuntime.ts'
import type { ConfirmationDecision } from '../../vocabulary/Decision.ts'
import type { RunSource } from './RunSource.ts'

/**
 * A run whose decisions go through the runtime's API rather than raw events, so it can keep rules
 * (`remember`) and take edited arguments: `LocalRunClient` (in-process) and `RemoteRunClient`.
 */
export interface DecidingRun extends RunSource {
  /** Passes on a decision; rejects with a coded error (e.g. `confirmation_not_found`) when refused. */
  decide(
    confirmationId: string,
    decision: ConfirmationDecision,
    options?: DecisionOptions,
  ): Promise<void>
  /** Replaces the pending call's arguments; resolves with the new card's id. */
  edit(confirmationId: string, args: string | object): Promise<string | undefined>
  /**
   * The JSON Schema of the pending card's tool, for Edit's form; undefined when the card is gone.
   * Without it, Edit shows the arguments as JSON.
   */
  argumentsSchema?(confirmationId: string): Promise<JsonSchema | undefined>
}

/** Whether a run takes decisions through the runtime's API (see `DecidingRun`). */
export function isDecidingRun(run: RunSource | undefined): run is DecidingRun {
  const candidate = run as Partial<DecidingRun> | undefined
  return typeof candidate?.decide === 'function' && typeof candidate.edit === 'function'
}
