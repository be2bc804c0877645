import type { Identity } from '../vocabulary/Identity.ts'
import type { JournalRecord } from '../vocabulary/JournalRecord.ts'
import type { VersionedKind } from './recordVersion.ts'
import type { StudyWorkspace } from './StudyWorkspace.ts'

/** The allow a call's effect commits with (see `OutcomeOptions.decision`); only an allow runs an effect. */
export interface OutcomeDecision {
  /** The card's single-use id. */
  confirmationId: string
  /** The digest of the call the person saw; the card must be for exactly that call. */
  digest: string
  /** A person or a kept rule (the clock only ever denies). */
  decidedBy: 'user' | 'policy' | 'timeout'
  /** The signed-in person who allowed it, as authentication said. */
  decider?: Identity
  /** The rule that decided, for `decidedBy: 'policy'`. */
  rule?: string
}

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
   * The allow that lets this call run, committed in the same transaction as a compare-and-set on
   * the card (undecided; PostgreSQL also checks its digest and deadline), so the decision needs
   * no commit of its own: PostgreSQL's held allow, or the folder database's card as the run
   * logged it. Lost to another decision, nothing is written and the call rejects with
   * `WorkspaceError('card_decided_elsewhere')`. A workspace whose store decided the card
   * already is given none.
   */
  decision?: OutcomeDecision
  /**
   * The call's audit lines for its result, appended in the same transaction (then not again by
   * the run's next save), when the workspace keeps the run's audit log too (`decidesAndAudits`).
   */
  audit?: (result: unknown) => readonly object[]
}

/**
 * An optional extension of a `StudyWorkspace` that lives in the same database as the run store:
 * a tool's writes and the journal's outcome line for them commit in one transaction, so after a
 * crash an intent without an outcome proves the effect never happened.
 */
export interface AtomicOutcomes {
  /**
   * The kinds of record whose writes commit in that transaction (PostgreSQL: tasks, memory and
   * notes; a folder: tasks and memory, its notes being files). Empty while no run store shares
   * the database.
   */
  readonly atomicKinds: readonly VersionedKind[]
  /**
   * Whether its transaction also decides the call's card and appends its audit line (`decision`,
   * `audit` in `OutcomeOptions`): the folder's database keeps the run's cards and audit log too.
   */
  readonly decidesAndAudits?: boolean
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

/** What a call says of its effect: the tool touches only the workspace, and which records. */
export interface EffectKinds {
  workspaceOnly?: boolean
  /** The kinds of record it writes; absent (a call saved by an older version): any kind. */
  writes?: readonly VersionedKind[]
}

const everyKind: readonly VersionedKind[] = ['task', 'memory', 'note']

/**
 * The one rule for which calls commit their effect, intent, outcome and audit line in one
 * transaction (and so need no durable intent before the effect, and may run again after a crash
 * that left no outcome): a workspace-only tool whose every written kind the workspace keeps in
 * the run's database. Any other call (a note file in a folder, `run_code`, an MCP tool) keeps the
 * order: decision and intent durable, then the effect, then the outcome.
 */
export function commitsWithItsEffect(
  call: EffectKinds | undefined,
  atomicKinds: readonly VersionedKind[],
): boolean {
  if (call?.workspaceOnly !== true || atomicKinds.length === 0) return false
  return (call.writes ?? everyKind).every((kind) => atomicKinds.includes(kind))
}
