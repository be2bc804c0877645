import type Database from 'libsql'
import { runListInRunsMigration } from './runListInRuns.ts'
import { runLogMigration } from './runLogMigration.ts'
import { decisionRelayMigration } from './sqliteDecisionRelay.ts'
import { passkeysMigration } from './sqlitePasskeyStore.ts'

/** One step of the SQLite schema: applied once, in `version` order, in the transaction of its version row. */
export interface SqliteMigration {
  version: number
  name: string
  sql: string
}

// Version 1's tables (step 5, `runLogMigration`, folds events, messages and the journal into one
// append-only `run_log` and drops what a save wrote for nothing). The tables mirror PostgreSQL's (workspace/postgres/migrations.ts) so both stores keep one design:
// payloads as JSON text (handed back, never queried inside), events by (run, seq), the journal
// and the audit in insertion order, cards as pending_confirmations. `owners` and `runs.owner`
// stand for PostgreSQL's leases: one process on one host, its liveness a heartbeat and a pid.
const runs = `
CREATE TABLE runs (
  run_id text PRIMARY KEY,
  snapshot text,
  value text,
  last_seq integer NOT NULL DEFAULT 0,
  message_count integer,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'ended')),
  owner text
);
CREATE INDEX runs_open ON runs (run_id) WHERE status = 'open' AND snapshot IS NOT NULL;
CREATE TABLE run_events (
  run_id text NOT NULL,
  seq integer NOT NULL CHECK (seq > 0),
  event text NOT NULL,
  PRIMARY KEY (run_id, seq)
) WITHOUT ROWID;
CREATE TABLE run_messages (
  run_id text NOT NULL,
  position integer NOT NULL CHECK (position >= 0),
  message text NOT NULL,
  PRIMARY KEY (run_id, position)
) WITHOUT ROWID;
CREATE TABLE run_journal (
  id integer PRIMARY KEY AUTOINCREMENT,
  run_id text NOT NULL,
  record text NOT NULL
);
CREATE INDEX run_journal_run ON run_journal (run_id, id);
CREATE TABLE audit (
  id integer PRIMARY KEY AUTOINCREMENT,
  run_id text NOT NULL,
  line text NOT NULL
);
CREATE TABLE policies (
  position integer PRIMARY KEY,
  rule text NOT NULL
);
CREATE TABLE run_list (
  position integer PRIMARY KEY AUTOINCREMENT,
  run_id text NOT NULL UNIQUE,
  started_at text NOT NULL,
  title text NOT NULL,
  person text
);
CREATE INDEX run_list_person ON run_list (person, position);
CREATE TABLE pending_confirmations (
  confirmation_id text PRIMARY KEY,
  run_id text NOT NULL,
  digest text NOT NULL,
  decision text CHECK (decision IN ('allow', 'deny')),
  decided_by text,
  rule text,
  resolved integer NOT NULL DEFAULT 0
);
CREATE INDEX pending_confirmations_open ON pending_confirmations (run_id) WHERE resolved = 0;
CREATE TABLE owners (
  owner_id text PRIMARY KEY,
  host text NOT NULL,
  pid integer NOT NULL,
  heartbeat_ms integer NOT NULL
);
`

// What a first open imported from the folder store it replaced (see importFolderStore.ts).
const imports = `
CREATE TABLE folder_imports (
  imported_at text NOT NULL,
  moved_to text NOT NULL,
  runs integer NOT NULL,
  audit_lines integer NOT NULL,
  rules integer NOT NULL
);
`

// Browser sessions of the app, shared by every process on the folder, as PostgreSQL's
// `studypulse.sessions` (workspace/postgres/sessionsMigration.ts): the key is the app's HMAC of
// the cookie's id (never the id), the refresh token inside `session` is sealed by the app, and a
// sign-out deletes the row. Times are epoch ms; `refreshable` is 0 or 1.
const sessions = `
CREATE TABLE sessions (
  key text PRIMARY KEY,
  person_id text NOT NULL,
  session text NOT NULL,
  expires_at integer NOT NULL,
  refreshable integer NOT NULL CHECK (refreshable IN (0, 1))
) WITHOUT ROWID;
CREATE INDEX sessions_person ON sessions (person_id);
CREATE INDEX sessions_expiry ON sessions (expires_at) WHERE refreshable = 0;
`

/** The schema's steps, oldest first; a database is at the version of the last one applied. */
export const sqliteMigrations: readonly SqliteMigration[] = [
  {
    version: 1,
    name: 'runs, events, messages, journal, audit, rules, run list, cards, owners',
    sql: runs,
  },
  { version: 2, name: 'folder store imports', sql: imports },
  { version: 3, name: 'browser sessions', sql: sessions },
  decisionRelayMigration,
  runLogMigration,
  passkeysMigration,
  runListInRunsMigration,
]

/**
 * Brings the database to the newest schema: each step and its `schema_version` row commit
 * together, under SQLite's write lock, so two processes opening one file apply each step once.
 */
export function migrateSqlite(db: Database.Database): number {
  db.exec(
    'CREATE TABLE IF NOT EXISTS schema_version (version integer PRIMARY KEY, name text NOT NULL)',
  )
  let current = 0
  for (const step of sqliteMigrations) {
    db.exec('BEGIN IMMEDIATE')
    try {
      const done = db.prepare('SELECT 1 FROM schema_version WHERE version = ?').get(step.version)
      if (done === undefined) {
        db.exec(step.sql)
        db.prepare('INSERT INTO schema_version (version, name) VALUES (?, ?)').run(
          step.version,
          step.name,
        )
      }
      db.exec('COMMIT')
    } catch (error) {
      db.exec('ROLLBACK')
      throw error
    }
    current = step.version
  }
  return current
}
