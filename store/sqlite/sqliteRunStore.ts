import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type Database from 'libsql'
import type { AgentEvent } from '../../vocabulary/AgentEvent.ts'
import type { ChatMessage } from '../../vocabulary/ChatMessage.ts'
import type { JournalRecord } from '../../vocabulary/JournalRecord.ts'
import {
  checkpointFolderAside,
  holdFolderDatabase,
  releaseFolderDatabase,
} from '../../workspace/sqlite/folderDatabase.ts'
import { shareRunWriter } from '../../workspace/sqlite/folderRunWriter.ts'
import { sweepWorkspaceTempFiles } from '../../workspace/sweepWorkspaceTempFiles.ts'
import type { AuditRecord } from '../AuditRecord.ts'
import { withoutChain } from '../auditChain.ts'
import type { LoadedRun, RunStore } from '../RunStore.ts'
import { RunStoreError } from '../RunStoreError.ts'
import { parseStoredRunSnapshot } from '../storedRunSnapshot.ts'
import { commitSqliteRun, sqliteRunWriter } from './commitSqliteRun.ts'
import { importFolderStore } from './importFolderStore.ts'
import { prepared } from './preparedStatement.ts'
import { runLogKind, runNumber } from './runLogMigration.ts'
import { appendToRun, inRun, inRunOf } from './runLogRange.ts'
import { SqliteOwners } from './SqliteOwners.ts'
import { sqliteDecisionRelay } from './sqliteDecisionRelay.ts'
import {
  guardedBySqliteFaults,
  sqliteBusyTryMs,
  sqliteDamaged,
  sqliteFault,
  withSqliteFaults,
} from './sqliteFaults.ts'
import { sqlitePasskeyStore } from './sqlitePasskeyStore.ts'
import { loadSqlitePolicies, saveSqlitePolicies } from './sqlitePolicies.ts'
import { sqliteRunList } from './sqliteRunList.ts'
import { migrateSqlite } from './sqliteSchema.ts'
import { sqliteSessionStore } from './sqliteSessionStore.ts'
import { firstCell, inTransaction } from './sqliteTransaction.ts'

/** The database file a folder workspace keeps its runs in. */
export const sqliteFileName = 'studypulse.db'

/** Options of the SQLite store. */
export interface SqliteRunStoreOptions {
  /** How long a dead process's runs stay held before another may take them over (default 10 s). */
  ownerStaleMs?: number
  /**
   * How long a write waits for another process's write to finish before it is refused
   * (`store_busy`, default 10 s); the main thread blocks at most 100 ms at a time meanwhile.
   */
  busyTimeoutMs?: number
  /** Where a fault found while running (a heartbeat refused by a held lock) is told, as one line. */
  log?: (line: string) => void
}

/** The SQLite store: a `RunStore` plus what its first open imported from an older folder. */
export interface SqliteRunStore extends RunStore {
  /**
   * One line per thing the open found or did (a folder store imported, damaged lines left out,
   * temp files of killed writes swept when no other live process uses the folder).
   */
  tidy(): Promise<string[]>
}

const parse = <T>(rows: unknown[]): T[] => rows.map((text) => JSON.parse(text as string) as T)

/**
 * The embedded default store: one SQLite file in WAL mode in the workspace folder
 * (`<folder>/studypulse.db`), holding runs, events, messages, the intent journal, cards, owners,
 * kept rules, the run list, the chained audit log and the app's browser sessions (shared by every
 * process on the folder); one transaction per save. Runs are owned per process (see
 * `SqliteOwners`), so two apps on one folder never advance the same run. A folder written by the
 * older file store is imported on first open (see `importFolderStore`).
 */
export function sqliteRunStore(root: string, options: SqliteRunStoreOptions = {}): SqliteRunStore {
  mkdirSync(root, { recursive: true })
  // Whether the import of an older folder store is owed is recorded in the database; a database
  // made by this open decides it (see `importFolderStore`).
  const fresh = !existsSync(join(root, sqliteFileName))
  const file = join(root, sqliteFileName)
  const patienceMs = Math.max(0, Math.floor(options.busyTimeoutMs ?? 10_000))
  // The folder's one connection, shared with its workspace's records: a tool's effect and the
  // run's journal, card and audit line commit in one transaction (see `SqliteWorkspace`).
  // Opening may wait the whole patience (nothing is served yet); afterwards a write blocks the
  // main thread one short try at a time (`withSqliteFaults`). A damaged file is refused before
  // anything is written to it (WAL mode, migrations, import).
  let db: Database.Database
  try {
    db = holdFolderDatabase(root, {
      busyTimeoutMs: patienceMs,
      checkIntact: (opened) => checkIntact(opened, file),
    })
  } catch (error) {
    throw sqliteFault(error, file) ?? error
  }
  let found: string[]
  try {
    migrateSqlite(db)
    found = importFolderStore(db, root, fresh)
  } catch (error) {
    releaseFolderDatabase(root)
    throw sqliteFault(error, file) ?? error
  }
  db.exec(`PRAGMA busy_timeout = ${Math.min(patienceMs, sqliteBusyTryMs)}`)
  const owners = new SqliteOwners(db, {
    ...(options.ownerStaleMs !== undefined && { staleMs: options.ownerStaleMs }),
    file,
    ...(options.log !== undefined && { log: options.log }),
  })
  owners.start()
  const relay = sqliteDecisionRelay(db, owners)
  shareRunWriter(db, {
    ...sqliteRunWriter(db, owners),
    // A tool's commit on this connection meets the same faults as a save, told the same way.
    guard: (commit) => withSqliteFaults(file, patienceMs, commit),
  })
  // The WAL's checkpoints (2 fsyncs each) on a thread of their own, off the event loop, once the
  // store is busy: SQLite's own first checkpoint comes only after ~1,000 pages anyway.
  let commits = 0
  let closed = false
  const readSnapshot = (runId: string) => {
    const text = firstCell(db, 'SELECT snapshot FROM runs WHERE run_id = ?', runId) as
      | string
      | null
      | undefined
    if (text === undefined || text === null) return undefined
    let raw: unknown
    try {
      raw = JSON.parse(text)
    } catch {
      throw new RunStoreError(
        'corrupt_run',
        `run ${runId} cannot be restored: its snapshot is not JSON`,
        sqliteFileName,
      )
    }
    const parsed = parseStoredRunSnapshot(raw, runId)
    if (typeof parsed === 'string') {
      throw new RunStoreError(
        'corrupt_run',
        `run ${runId} cannot be restored: ${parsed}`,
        sqliteFileName,
      )
    }
    return parsed
  }
  const store: SqliteRunStore = {
    location: file,
    async tidy() {
      // Temp files of killed workspace writes are swept only when no other live process uses the
      // folder: its temp files may be writes under way.
      if (!owners.alone()) return found
      const swept = (await sweepWorkspaceTempFiles(root)).map(
        (file) => `${file}: removed a temp file left by an interrupted write`,
      )
      return [...found, ...swept]
    },
    claim: async (runId) => owners.claim(runId),
    // A fresh id is nobody's yet: its first save takes it (the owner check and the claim are in
    // that commit, `commitSqliteRun`), so a new run costs no commit of its own. A live owner that
    // holds the id anyway has that save refused, `run_owned_elsewhere`, with nothing written.
    claimNew: async () => ({ ok: true }),
    unclaim: async (runId) => owners.unclaim(runId),
    async listOpenRuns() {
      return prepared(
        db,
        "SELECT run_id FROM runs WHERE status = 'open' AND snapshot IS NOT NULL ORDER BY run_no",
      )
        .pluck(true)
        .all() as string[]
    },
    listRuns: async (query = {}) => sqliteRunList(db, query),
    async loadRun(runId) {
      const parsed = readSnapshot(runId)
      if (parsed === undefined) return undefined
      return repairOnLoad(db, runId, parsed)
    },
    async peekRun(runId) {
      try {
        return readSnapshot(runId)?.snapshot
      } catch {
        return undefined
      }
    },
    async commit(runId, commit) {
      commits += 1
      if (commits === 100) checkpointFolderAside(root)
      const other = commitSqliteRun(db, owners, runId, commit)
      if (other !== undefined) {
        throw new RunStoreError(
          'run_owned_elsewhere',
          `run ${runId} is owned by another runtime now; nothing was saved`,
          sqliteFileName,
        )
      }
    },
    async readEvents(runId, afterSeq = 0) {
      const rows = prepared(
        db,
        `SELECT body FROM run_log WHERE ${inRunOf} AND kind = :kind AND key > :after ORDER BY key`,
      )
        .pluck(true)
        .all({ runId, kind: runLogKind.event, after: afterSeq })
      return parse<AgentEvent>(rows)
    },
    async readMessages(runId) {
      const rows = prepared(
        db,
        `SELECT body FROM run_log WHERE ${inRunOf} AND kind = :kind ORDER BY key`,
      )
        .pluck(true)
        .all({ runId, kind: runLogKind.message })
      return parse<ChatMessage>(rows)
    },
    async readJournal(runId) {
      const rows = prepared(
        db,
        `SELECT body FROM run_log WHERE ${inRunOf} AND kind = :kind ORDER BY id`,
      )
        .pluck(true)
        .all({ runId, kind: runLogKind.journal })
      return parse<JournalRecord>(rows)
    },
    async readAudit() {
      return parse<AuditRecord>(readSqliteAuditLines(db)).map(withoutChain)
    },
    loadPolicies: async () => loadSqlitePolicies(db),
    savePolicies: async (rules) => {
      saveSqlitePolicies(db, rules)
      // This store holds what it saved: its followers compare later reads with that.
      relay.keptRulesSaved()
    },
    sessions: guardedBySqliteFaults(sqliteSessionStore(db), file, patienceMs),
    passkeys: guardedBySqliteFaults(sqlitePasskeyStore(db), file, patienceMs),
    relay,
    async close() {
      if (closed || !db.open) return
      closed = true
      try {
        relay.close()
        // Given up at once if the file cannot take it: the owner row goes stale by itself.
        withoutFault(() => owners.close())
      } finally {
        // The last holder's release checkpoints the WAL and closes the connection (see
        // `closeFolderDatabase`).
        releaseFolderDatabase(root)
      }
    },
  }
  // A write refused for another program's lock is tried again without stalling the event loop,
  // then refused with a `RunStoreError` that names the file and says why; the app keeps serving.
  return guardedBySqliteFaults(store, file, patienceMs)
}

function withoutFault(work: () => void): void {
  try {
    work()
  } catch (error) {
    if (sqliteFault(error, sqliteFileName) === undefined) throw error
  }
}

/**
 * Refuses a damaged database file (`store_corrupt`, naming it): SQLite's quick check reads every
 * page (not the indexes' contents), so a cut file, a zeroed page or random bytes show here, at
 * start-up, not halfway through a later write. Reads only.
 */
export function checkIntact(db: Database.Database, file: string): void {
  const problems = prepared(db, 'PRAGMA quick_check(3)').pluck(true).all() as string[]
  if (problems.length === 1 && problems[0] === 'ok') return
  throw sqliteDamaged(file, problems.join('; '))
}

/** The audit log's lines as their exact text, oldest first (what `npm run audit -- --verify` checks). */
export function readSqliteAuditLines(db: Database.Database): string[] {
  return prepared(db, 'SELECT line FROM audit ORDER BY id').pluck(true).all() as string[]
}

// Events and messages a crash left past the snapshot are cut (they will be logged again under the
// same numbers); a version 1 snapshot's embedded events fill a log that lacks them. Relaxed: a
// repair lost to a power cut is made again on the next load.
function repairOnLoad(
  db: Database.Database,
  runId: string,
  parsed: { snapshot: LoadedRun['snapshot']; embeddedEvents: readonly { seq: number }[] },
): LoadedRun {
  const { snapshot, embeddedEvents } = parsed
  return inTransaction(db, false, () => {
    const run = runNumber(db, runId)
    // A repair walks the run's rows (once, at a load): the log has no index to ask.
    const has = prepared(db, `SELECT 1 FROM run_log WHERE ${inRun} AND kind = :kind AND key = :key`)
    const add = prepared(db, appendToRun)
    for (const event of embeddedEvents) {
      if (has.get({ run, kind: runLogKind.event, key: event.seq }) !== undefined) continue
      add.run({ run, runId, kind: runLogKind.event, key: event.seq, body: JSON.stringify(event) })
    }
    const cut = prepared(
      db,
      `DELETE FROM run_log WHERE ${inRun} AND kind = :kind AND key > :after`,
    ).run({ run, kind: runLogKind.event, after: snapshot.lastSeq })
    if (snapshot.messageCount !== undefined) {
      prepared(db, `DELETE FROM run_log WHERE ${inRun} AND kind = :kind AND key >= :from`).run({
        run,
        kind: runLogKind.message,
        from: snapshot.messageCount,
      })
    }
    return { commit: true, value: { snapshot, eventsAhead: Number(cut.changes) } }
  })
}
