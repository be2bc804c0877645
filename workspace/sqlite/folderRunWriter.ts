import type Database from 'libsql'
import type { JournalRecord } from '../../vocabulary/JournalRecord.ts'
import type { OutcomeDecision } from '../AtomicOutcomes.ts'

/**
 * What the run store that shares the folder's database writes inside a tool's transaction (it
 * installs itself with `shareRunWriter`; the workspace comes before the store, so it names no
 * store code). Every method runs inside the caller's open write transaction.
 */
export interface FolderRunWriter {
  /** The live owner holding `runId` elsewhere (nothing may be written), or undefined: this process holds it now. */
  own(runId: string): string | undefined
  /** Stores the card's decision only if it has none yet; false when it had one. */
  decide(runId: string, card: OutcomeDecision): boolean
  /** Appends `journal` to the run's journal and `audit` (as chained lines) to the audit log. */
  append(runId: string, journal: readonly JournalRecord[], audit: readonly object[]): void
  /**
   * Runs a commit on the shared connection as the store runs its own: another program's lock is
   * waited out without stalling the event loop, and a fault (a held lock past the patience, a
   * full disk) rejects as the store's structured error, nothing written.
   */
  guard?<T>(commit: () => Promise<T>): Promise<T>
}

const writers = new WeakMap<Database.Database, FolderRunWriter>()

/** Makes `writer` the run store of the connection `db` (the folder's shared connection). */
export function shareRunWriter(db: Database.Database, writer: FolderRunWriter): void {
  writers.set(db, writer)
}

/** The run store sharing `db`, if one is open on it. */
export function runWriterOf(db: Database.Database): FolderRunWriter | undefined {
  return writers.get(db)
}
