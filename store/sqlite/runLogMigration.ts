import type Database from 'libsql'
import { prepared } from './preparedStatement.ts'

/** What a row of `run_log` is: an event (keyed by `seq`), a message (by position), a journal record. */
export const runLogKind = { event: 0, message: 1, journal: 2 } as const

/**
 * Schema step 5 (issue 49): one append-only run log instead of three tables, and no page a save
 * writes for nothing. Each table and index a commit touches is at least one page written to the
 * WAL, and a row keyed by a random run id lands on a random leaf (split often by large rows):
 * - events, messages and journal records are rows of one `run_log`, appended at the right edge of
 *   its rowid B-tree (a commit's rows share its last pages), found by one index of small integers
 *   (`run_log_run`: the run's number, kind, key), so a save writes two places, not six;
 * - a run has a number (`runs.run_no`, an explicit INTEGER PRIMARY KEY, so a VACUUM keeps it),
 *   given in start order: the index entries of the runs under way sit together at its right edge;
 * - `run_journal`, `audit` and `run_list` lose AUTOINCREMENT (every insert rewrote
 *   `sqlite_sequence`; their rows are never deleted, so a plain rowid never reuses an id);
 * - `run_list` loses `run_list_person`: its one reader (`sqliteRunList`, a person's page filtered
 *   by `? IS NULL OR person = ?`) walks the list by position, which SQLite's planner chooses
 *   over that index, so every new run wrote a page of it that nothing read;
 * - `runs` loses `runs_open` (each snapshot update rewrote it; only start-up reads the open runs,
 *   a scan of the small `runs` table);
 * - `pending_confirmations` is keyed by its id WITHOUT ROWID (its rows are small), so a card
 *   writes its row and one index entry, not a third B-tree for the key; that index holds every
 *   card of a run (not only the open ones), so a decision, in the tool's synced commit, rewrites
 *   the card's row alone.
 * Rows keep their order: the journal and the audit by id, events by seq, messages by position.
 */
export const runLogMigration = {
  version: 5,
  name: 'an append-only run log; no AUTOINCREMENT, no index a save need not write',
  sql: `
INSERT OR IGNORE INTO runs (run_id)
  SELECT run_id FROM run_events UNION SELECT run_id FROM run_messages
  UNION SELECT run_id FROM run_journal;
CREATE TABLE runs_v5 (
  run_no integer PRIMARY KEY,
  run_id text NOT NULL UNIQUE,
  snapshot text,
  value text,
  last_seq integer NOT NULL DEFAULT 0,
  message_count integer,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'ended')),
  owner text
);
INSERT INTO runs_v5 (run_no, run_id, snapshot, value, last_seq, message_count, status, owner)
  SELECT rowid, run_id, snapshot, value, last_seq, message_count, status, owner FROM runs
  ORDER BY rowid;
DROP TABLE runs;
ALTER TABLE runs_v5 RENAME TO runs;
CREATE TABLE run_log (
  id integer PRIMARY KEY,
  run_no integer NOT NULL,
  run_id text NOT NULL,
  kind integer NOT NULL CHECK (kind IN (0, 1, 2)),
  key integer,
  body text NOT NULL
);
INSERT INTO run_log (run_no, run_id, kind, key, body)
  SELECT r.run_no, e.run_id, 0, e.seq, e.event FROM run_events e JOIN runs r USING (run_id)
  ORDER BY r.run_no, e.seq;
INSERT INTO run_log (run_no, run_id, kind, key, body)
  SELECT r.run_no, m.run_id, 1, m.position, m.message FROM run_messages m JOIN runs r USING (run_id)
  ORDER BY r.run_no, m.position;
INSERT INTO run_log (run_no, run_id, kind, key, body)
  SELECT r.run_no, j.run_id, 2, NULL, j.record FROM run_journal j JOIN runs r USING (run_id)
  ORDER BY j.id;
CREATE UNIQUE INDEX run_log_run ON run_log (run_no, kind, key);
DROP TABLE run_events;
DROP TABLE run_messages;
DROP TABLE run_journal;
CREATE TABLE audit_v5 (
  id integer PRIMARY KEY,
  run_id text NOT NULL,
  line text NOT NULL
);
INSERT INTO audit_v5 (id, run_id, line) SELECT id, run_id, line FROM audit ORDER BY id;
DROP TABLE audit;
ALTER TABLE audit_v5 RENAME TO audit;
CREATE TABLE run_list_v5 (
  position integer PRIMARY KEY,
  run_id text NOT NULL UNIQUE,
  started_at text NOT NULL,
  title text NOT NULL,
  person text
);
INSERT INTO run_list_v5 (position, run_id, started_at, title, person)
  SELECT position, run_id, started_at, title, person FROM run_list ORDER BY position;
DROP TABLE run_list;
ALTER TABLE run_list_v5 RENAME TO run_list;
CREATE TABLE pending_confirmations_v5 (
  confirmation_id text PRIMARY KEY,
  run_id text NOT NULL,
  digest text NOT NULL,
  decision text CHECK (decision IN ('allow', 'deny')),
  decided_by text,
  rule text,
  resolved integer NOT NULL DEFAULT 0
) WITHOUT ROWID;
INSERT INTO pending_confirmations_v5 SELECT confirmation_id, run_id, digest, decision, decided_by,
  rule, resolved FROM pending_confirmations;
DROP TABLE pending_confirmations;
ALTER TABLE pending_confirmations_v5 RENAME TO pending_confirmations;
CREATE INDEX pending_confirmations_run ON pending_confirmations (run_id);
`,
}

/**
 * The run's number in the run log (inside a write transaction): its `runs` row, made here when a
 * write comes before any save of the run (a row with no snapshot is neither listed nor restored).
 */
export function runNumber(db: Database.Database, runId: string): number {
  const found = prepared(db, 'SELECT run_no FROM runs WHERE run_id = ?').get(runId) as
    | { run_no: number }
    | undefined
  if (found !== undefined) return found.run_no
  return Number(prepared(db, 'INSERT INTO runs (run_id) VALUES (?)').run(runId).lastInsertRowid)
}
