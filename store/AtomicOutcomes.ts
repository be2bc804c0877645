import type { StudyWorkspace } from '../workspace/StudyWorkspace.ts'
import type { JournalRecord } from './JournalRecord.ts'

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
  ): Promise<T>
}

/** Whether `workspace` can commit a tool's effect together with its journal outcome. */
export function hasAtomicOutcomes(
  workspace: StudyWorkspace,
): workspace is StudyWorkspace & AtomicOutcomes {
  return typeof (workspace as Partial<AtomicOutcomes>).withOutcome === 'function'
}
