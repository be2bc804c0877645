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
import { SqliteOwners } from './SqliteOwners.ts'
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
  /** How long a write waits for another process's write to finish before failing (default 10 s). */
  busyTimeoutMs?: number
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
  // Only a database made by this open imports an older folder store: afterwards a `runs/` or a
  // `policies.json` in the folder is not the store's (a hand-written policies.json is the app's).
  const fresh = !existsSync(join(root, sqliteFileName))
  // The folder's one connection, shared with its workspace's records: a tool's effect and the
  // run's journal, card and audit line commit in one transaction (see `SqliteWorkspace`).
  const db = holdFolderDatabase(root, {
    ...(options.busyTimeoutMs !== undefined && { busyTimeoutMs: options.busyTimeoutMs }),
  })
  migrateSqlite(db)
  const found = fresh ? importFolderStore(db, root) : []
  const owners = new SqliteOwners(db, {
    ...(options.ownerStaleMs !== undefined && { staleMs: options.ownerStaleMs }),
  })
  owners.start()
  shareRunWriter(db, sqliteRunWriter(db, owners))
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
  return {
    location: join(root, sqliteFileName),
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
    unclaim: async (runId) => owners.unclaim(runId),
    async listOpenRuns() {
      return prepared(
        db,
        "SELECT run_id FROM runs WHERE status = 'open' AND snapshot IS NOT NULL ORDER BY rowid",
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
        'SELECT event FROM run_events WHERE run_id = ? AND seq > ? ORDER BY seq',
      )
        .pluck(true)
        .all(runId, afterSeq)
      return parse<AgentEvent>(rows)
    },
    async readMessages(runId) {
      const rows = prepared(
        db,
        'SELECT message FROM run_messages WHERE run_id = ? ORDER BY position',
      )
        .pluck(true)
        .all(runId)
      return parse<ChatMessage>(rows)
    },
    async readJournal(runId) {
      const rows = prepared(db, 'SELECT record FROM run_journal WHERE run_id = ? ORDER BY id')
        .pluck(true)
        .all(runId)
      return parse<JournalRecord>(rows)
    },
    async readAudit() {
      return parse<AuditRecord>(readSqliteAuditLines(db)).map(withoutChain)
    },
    loadPolicies: async () => loadSqlitePolicies(db),
    savePolicies: async (rules) => saveSqlitePolicies(db, rules),
    sessions: sqliteSessionStore(db),
    async close() {
      if (closed || !db.open) return
      closed = true
      owners.close()
      releaseFolderDatabase(root)
    },
  }
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
    const add = prepared(
      db,
      'INSERT OR IGNORE INTO run_events (run_id, seq, event) VALUES (?, ?, ?)',
    )
    for (const event of embeddedEvents) add.run(runId, event.seq, JSON.stringify(event))
    const cut = prepared(db, 'DELETE FROM run_events WHERE run_id = ? AND seq > ?').run(
      runId,
      snapshot.lastSeq,
    )
    if (snapshot.messageCount !== undefined) {
      prepared(db, 'DELETE FROM run_messages WHERE run_id = ? AND position >= ?').run(
        runId,
        snapshot.messageCount,
      )
    }
    return { commit: true, value: { snapshot, eventsAhead: Number(cut.changes) } }
  })
}
