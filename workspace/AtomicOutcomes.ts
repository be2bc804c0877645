import type { Identity } from '../vocabulary/Identity.ts'
import type { JournalRecord } from '../vocabulary/JournalRecord.ts'
import type { StudyWorkspace } from './StudyWorkspace.ts'

/** How `withOutcome` guards the run. */
export interface OutcomeOptions {
  /**
   * The node that must hold the run's lease: otherwise nothing is written and the call rejects
   * with `RunStoreError('run_owned_elsewhere')`. The lease cannot pass to another node until the
   * transaction ends, so a successor finds the outcome, or finds no effect and runs it again.
   */
  owner?: string
  /**
   * The call's intent, written in the same transaction just before the outcome, instead of
   * durably before the effect: an effect that commits with its outcome needs none ahead of it.
   */
  intent?: JournalRecord
  /**
   * The person's decision that lets this call run, not stored yet: its compare-and-set on the card
   * (undecided, not past its deadline, for this digest) goes in the same transaction, so the
   * decision needs no commit of its own. Lost to another decision, nothing is written and the call
   * rejects with `WorkspaceError('card_decided_elsewhere')`.
   */
  decision?: OutcomeDecision
}

/** A person's decision committed with the effect it allows (see `OutcomeOptions.decision`). */
export interface OutcomeDecision {
  /** The card's single-use id. */
  confirmationId: string
  /** The digest of the call the person saw; the card must be for exactly that call. */
  digest: string
  /** The signed-in person who allowed it, as authentication said. */
  decider?: Identity
}

/**
 * An optional extension of a `StudyWorkspace` that lives in the same database as the run store:
 * a tool's writes and the journal's outcome line for them commit in one transaction, so after a
 * crash an intent without an outcome proves the effect never happened.
 */
export interface AtomicOutcomes {
  /**
   * Runs `effect` on a workspace bound to one transaction, then appends `outcome(value)` to the
   * journal of `runId` in it and commits. If `effect` or `outcome` throws, nothing is written.
   */
  withOutcome<T>(
    runId: string,
    effect: (workspace: StudyWorkspace) => Promise<T>,
    outcome: (value: T) => JournalRecord,
    options?: OutcomeOptions,
  ): Promise<T>
}

/** The workspace's atomic outcomes, if it has them (read once, when a runtime is made). */
export function atomicOutcomesOf(workspace: StudyWorkspace): AtomicOutcomes | undefined {
  const candidate = workspace as StudyWorkspace & Partial<AtomicOutcomes>
  return typeof candidate.withOutcome === 'function'
    ? (candidate as StudyWorkspace & AtomicOutcomes)
    : undefined
}
