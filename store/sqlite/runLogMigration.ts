/** What a row of `run_log` is: an event (keyed by `seq`), a message (by position), a journal record. */
export const runLogKind = { event: 0, message: 1, journal: 2 } as const

/**
 * Schema step 5 (issue 49): one append-only run log instead of three tables, and no page a save
 * writes for nothing. Each table and index a commit touches is at least one page written to the
 * WAL, and a row keyed by a random run id lands on a random leaf (split often by large rows):
 * - events, messages and journal records are rows of one `run_log`, appended at the right edge of
 *   its rowid B-tree (a commit's rows share its last pages), found by one small index
 *   (`run_log_run`: run, kind, key), so a save writes two places, not six;
 * - `run_journal`, `audit` and `run_list` lose AUTOINCREMENT (every insert rewrote
 *   `sqlite_sequence`; their rows are never deleted, so a plain rowid never reuses an id);
 * - `runs_open` is dropped (each snapshot update rewrote it; only start-up reads the open runs,
 *   a scan of the small `runs` table);
 * - `pending_confirmations` is keyed by its id WITHOUT ROWID (its rows are small), so a card
 *   writes its row and its open-card index, not a third B-tree for the key.
 * Rows keep their order: the journal and the audit by id, events by seq, messages by position.
 */
export const runLogMigration = {
  version: 5,
  name: 'an append-only run log; no AUTOINCREMENT, no index a save need not write',
  sql: `
CREATE TABLE run_log (
  id integer PRIMARY KEY,
  run_id text NOT NULL,
  kind integer NOT NULL CHECK (kind IN (0, 1, 2)),
  key integer,
  body text NOT NULL
);
INSERT INTO run_log (run_id, kind, key, body)
  SELECT run_id, 0, seq, event FROM run_events ORDER BY run_id, seq;
INSERT INTO run_log (run_id, kind, key, body)
  SELECT run_id, 1, position, message FROM run_messages ORDER BY run_id, position;
INSERT INTO run_log (run_id, kind, key, body)
  SELECT run_id, 2, NULL, record FROM run_journal ORDER BY id;
CREATE UNIQUE INDEX run_log_run ON run_log (run_id, kind, key);
DROP TABLE run_events;
DROP TABLE run_messages;
DROP TABLE run_journal;
DROP INDEX runs_open;
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
CREATE INDEX run_list_person ON run_list (person, position);
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
CREATE INDEX pending_confirmations_open ON pending_confirmations (run_id) WHERE resolved = 0;
`,
}
