import type Database from 'libsql'
import type { FolderRunWriter } from '../../workspace/sqlite/folderRunWriter.ts'
import type { AuditRecord } from '../AuditRecord.ts'
import { chainLines, chainStart, linkOf } from '../auditChain.ts'
import { type CardChange, cardChanges } from '../confirmationCards.ts'
import type { RunCommit } from '../RunStore.ts'
import { prepared } from './preparedStatement.ts'
import { listRun } from './runListInRuns.ts'
import { runLogKind, runNumber } from './runLogMigration.ts'
import { appendToRun, inRun } from './runLogRange.ts'
import type { SqliteOwners } from './SqliteOwners.ts'
import { firstCell, inTransaction } from './sqliteTransaction.ts'

/**
 * Writes one save of a run in one transaction, or nothing: returns the live owner that holds the
 * run elsewhere (nothing written), or undefined once it committed. The owner check, the writes and
 * the audit chain's next link are read and written under SQLite's one write lock, so no takeover
 * slips between the check and an intent, and the chain over the whole file needs no lock of its
 * own. A commit that is not `relaxed` returns only once it (and every commit before it) is on the
 * disk: the runtime acts outside (executes a tool, shows a card) only on such a commit's strength.
 */
export function commitSqliteRun(
  db: Database.Database,
  owners: SqliteOwners,
  runId: string,
  commit: RunCommit,
): string | undefined {
  return inTransaction(db, commit.relaxed !== true, () => {
    const other = owners.heldElsewhere(runId)
    if (other !== undefined) return { commit: false, value: other }
    // A new run's claim folds into its first save: the row and its owner in the same write.
    owners.take(runId)
    // The log first: it reads what the run's row says was logged before this commit.
    appendRunLog(db, runId, commit)
    const { snapshot } = commit
    if (snapshot !== undefined) {
      prepared(
        db,
        'UPDATE runs SET snapshot = ?, value = ?, last_seq = ?, message_count = ? WHERE run_id = ?',
      ).run(
        JSON.stringify(snapshot),
        snapshot.value,
        snapshot.lastSeq,
        snapshot.messageCount ?? null,
        runId,
      )
    }
    if (commit.audit !== undefined && commit.audit.length > 0) appendAudit(db, runId, commit.audit)
    if (commit.started !== undefined) listRun(db, runId, commit.started)
    for (const change of cardChanges(commit)) applyCardChange(db, runId, change)
    if (commit.ended) prepared(db, "UPDATE runs SET status = 'ended' WHERE run_id = ?").run(runId)
    return { commit: true, value: undefined }
  })
}

/**
 * What a tool's transaction on the folder's records writes of the run (inside it, under the one
 * write lock): the owner check and claim, the card's compare-and-set, the journal and the chained
 * audit lines, by the same statements as a save.
 */
export function sqliteRunWriter(db: Database.Database, owners: SqliteOwners): FolderRunWriter {
  return {
    own(runId) {
      const other = owners.heldElsewhere(runId)
      if (other === undefined) owners.take(runId)
      return other
    },
    decide(runId, card) {
      const decided = prepared(
        db,
        `INSERT INTO pending_confirmations
           (confirmation_id, run_id, digest, decision, decided_by, rule, resolved)
         VALUES (?, ?, ?, ?, ?, ?, 1)
         ON CONFLICT (run_id, confirmation_id) DO UPDATE SET decision = excluded.decision,
           decided_by = excluded.decided_by, rule = excluded.rule, resolved = 1
         WHERE pending_confirmations.decision IS NULL`,
      ).run(card.confirmationId, runId, card.digest, 'allow', card.decidedBy, card.rule ?? null)
      return Number(decided.changes) === 1
    },
    append(runId, journal, audit) {
      appendRunLog(db, runId, { journal })
      if (audit.length > 0) appendAudit(db, runId, audit as readonly AuditRecord[])
    },
  }
}

// A save's events, messages and journal records, appended at the end of the run's range of the
// run log (schema step 7, `runLogRange.ts`): no index to write. An event logged again under a seq
// the run's row says was logged (after a restore) replaces its row, and a message log replaced
// from before its stored count (only after a crash cut it) deletes its tail first: the only
// statements that walk the run's rows, and only then.
function appendRunLog(
  db: Database.Database,
  runId: string,
  commit: Pick<RunCommit, 'events' | 'messages' | 'journal'>,
): void {
  const events = commit.events ?? []
  const journal = commit.journal ?? []
  if (events.length === 0 && journal.length === 0 && commit.messages === undefined) return
  const run = runNumber(db, runId)
  const stored = prepared(db, 'SELECT last_seq, message_count FROM runs WHERE run_no = ?').get(
    run,
  ) as { last_seq: number; message_count: number | null }
  const add = prepared(db, appendToRun)
  const row = (kind: number, key: number | null, body: unknown) =>
    add.run({ run, runId, kind, key, body: JSON.stringify(body) })
  const drop = prepared(db, `DELETE FROM run_log WHERE ${inRun} AND kind = :kind AND key >= :from`)
  const dropOne = prepared(db, `DELETE FROM run_log WHERE ${inRun} AND kind = :kind AND key = :key`)
  for (const event of events) {
    if (event.seq <= stored.last_seq) dropOne.run({ run, kind: runLogKind.event, key: event.seq })
    row(runLogKind.event, event.seq, event)
  }
  if (commit.messages !== undefined) {
    const { from, items } = commit.messages
    if (stored.message_count === null || from < stored.message_count)
      drop.run({ run, kind: runLogKind.message, from })
    for (const [i, message] of items.entries()) row(runLogKind.message, from + i, message)
  }
  for (const record of journal) row(runLogKind.journal, null, record)
}

// The chain runs over the whole file, in `id` order: its last line is read under the write lock.
function appendAudit(db: Database.Database, runId: string, audit: readonly AuditRecord[]): void {
  const last = firstCell(db, 'SELECT line FROM audit ORDER BY id DESC LIMIT 1') as
    | string
    | undefined
  const { lines } = chainLines(last === undefined ? chainStart : linkOf(last), audit)
  const add = prepared(db, 'INSERT INTO audit (run_id, line) VALUES (?, ?)')
  for (const line of lines) add.run(runId, line)
}

// The run's cards as its log says (the same `cardChanges` as PostgreSQL's `commit_run`), so a
// second process sees which card waits and how each was decided.
function applyCardChange(db: Database.Database, runId: string, change: CardChange): void {
  if (change.kind === 'open') {
    prepared(
      db,
      'UPDATE pending_confirmations SET resolved = 1 WHERE run_id = ? AND resolved = 0',
    ).run(runId)
    prepared(
      db,
      'INSERT OR REPLACE INTO pending_confirmations (confirmation_id, run_id, digest) VALUES (?, ?, ?)',
    ).run(change.confirmationId, runId, change.digest)
  } else if (change.kind === 'resolve') {
    prepared(
      db,
      `UPDATE pending_confirmations SET resolved = 1, decision = coalesce(decision, ?),
       decided_by = coalesce(decided_by, ?), rule = coalesce(rule, ?)
       WHERE run_id = ? AND confirmation_id = ?`,
    ).run(
      change.decision ?? null,
      change.decidedBy ?? null,
      change.rule ?? null,
      runId,
      change.confirmationId,
    )
  } else if (change.kind === 'closeAll') {
    prepared(
      db,
      'UPDATE pending_confirmations SET resolved = 1 WHERE run_id = ? AND resolved = 0',
    ).run(runId)
  }
  // An approval that waits for more people needs a cluster's decisions; one process has none.
}
