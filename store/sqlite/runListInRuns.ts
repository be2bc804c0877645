import type Database from 'libsql'
import type { RunStart } from '../RunListing.ts'
import { prepared } from './preparedStatement.ts'

/**
 * Schema step 7 (issue 49): two tables and two indexes fewer for a new run to write. Each is at
 * least one WAL page of the run's first commit, and their rows were keyed by a random id:
 * - the run list lives in `runs` (`started_at`, `title`, `person`): the row the first save writes
 *   anyway, listed newest first by the run's number (`run_no`, the rowid, given in start order),
 *   so neither `run_list` nor its unique run id index is written. A list position handed out
 *   before this step (a cursor) now names a run's number: a page open across the upgrade starts
 *   again from the top;
 * - a card is keyed by its run, then its id (`pending_confirmations`, WITHOUT ROWID): every
 *   statement on cards names the run, so the second index (`pending_confirmations_run`) goes.
 * - the run log's rows are numbered by their run (`runLogRange.ts`: run number × 2^32 + their
 *   place in the run), so a run's rows are one range of the log's B-tree and `run_log_run`, the
 *   index a commit wrote a page of beside its rows, goes; a commit's rows still go at the end.
 * The old list's order is kept as the runs' numbers give it: both follow the runs' first saves.
 */
export const runListInRunsMigration = {
  version: 7,
  name: 'the run list in runs; cards and the run log by their run',
  sql: `
ALTER TABLE runs ADD COLUMN started_at text;
ALTER TABLE runs ADD COLUMN title text;
ALTER TABLE runs ADD COLUMN person text;
INSERT OR IGNORE INTO runs (run_id) SELECT run_id FROM run_list ORDER BY position;
UPDATE runs SET started_at = l.started_at, title = l.title, person = l.person
  FROM run_list l WHERE l.run_id = runs.run_id;
DROP TABLE run_list;
CREATE TABLE pending_confirmations_v7 (
  run_id text NOT NULL,
  confirmation_id text NOT NULL,
  digest text NOT NULL,
  decision text CHECK (decision IN ('allow', 'deny')),
  decided_by text,
  rule text,
  resolved integer NOT NULL DEFAULT 0,
  PRIMARY KEY (run_id, confirmation_id)
) WITHOUT ROWID;
INSERT INTO pending_confirmations_v7 (run_id, confirmation_id, digest, decision, decided_by, rule,
  resolved)
  SELECT run_id, confirmation_id, digest, decision, decided_by, rule, resolved
  FROM pending_confirmations;
DROP TABLE pending_confirmations;
ALTER TABLE pending_confirmations_v7 RENAME TO pending_confirmations;
CREATE TABLE run_log_v7 (
  id integer PRIMARY KEY,
  run_no integer NOT NULL,
  run_id text NOT NULL,
  kind integer NOT NULL CHECK (kind IN (0, 1, 2)),
  key integer,
  body text NOT NULL
);
INSERT INTO run_log_v7 (id, run_no, run_id, kind, key, body)
  SELECT run_no * 4294967296 + row_number() OVER (PARTITION BY run_no ORDER BY id) - 1,
    run_no, run_id, kind, key, body
  FROM run_log ORDER BY run_no, id;
DROP TABLE run_log;
ALTER TABLE run_log_v7 RENAME TO run_log;
`,
}

/**
 * Lists a run (inside a write transaction, its `runs` row made already): its start, written once
 * into that row, never over an earlier one.
 */
export function listRun(
  db: Database.Database,
  runId: string,
  start: Pick<RunStart, 'startedAt' | 'title' | 'owner'>,
): void {
  prepared(
    db,
    'UPDATE runs SET started_at = ?, title = ?, person = ? WHERE run_id = ? AND started_at IS NULL',
  ).run(start.startedAt, start.title, start.owner ?? null, runId)
}
