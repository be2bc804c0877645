import { RunStoreError, type RunStoreErrorCode } from '../store/RunStoreError.ts'
import { WorkspaceError } from '../workspace/WorkspaceError.ts'
import type { RunSession } from './RunSession.ts'

/** A call's decision the store's file refused to save: the call did not run (see `NOT_SAVED`). */
export class DecisionNotSaved extends Error {
  constructor(override readonly cause: unknown) {
    super(`the decision could not be saved: ${String(cause)}`)
  }
}

/** A decision the store refused to save, told to the run's session first (see `RunDecisions.decide`). */
// Told to the run's session first, for whoever made the decision (see `RunDecisions.decide`).
export function notSaved(
  session: RunSession,
  confirmationId: string | undefined,
  error: unknown,
): DecisionNotSaved {
  if (confirmationId !== undefined) session.refuse(confirmationId, error)
  return new DecisionNotSaved(error)
}

// A store's file that cannot take a write now: what a refused commit rejects with.
const storeFaults: ReadonlySet<RunStoreErrorCode> = new Set([
  'store_busy',
  'store_full',
  'store_corrupt',
])

/** Whether a commit was refused by a store's file that cannot take a write now. */
export function isStoreFault(error: unknown): boolean {
  return error instanceof RunStoreError && storeFaults.has(error.code)
}

/** Whether a commit was refused because this node's lease on the run passed to another. */
export function isLeaseLost(error: unknown): boolean {
  return (
    (error instanceof RunStoreError || error instanceof WorkspaceError) &&
    error.code === 'run_owned_elsewhere'
  )
}

/** Whether a held allow's card went to another decision first. */
export function isCardLost(error: unknown): boolean {
  return error instanceof WorkspaceError && error.code === 'card_decided_elsewhere'
}
