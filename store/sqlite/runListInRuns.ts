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
 * The old list's order is kept as the runs' numbers give it: both follow the runs' first saves.
 */
export const runListInRunsMigration = {
  version: 7,
  name: 'the run list in runs; cards keyed by their run',
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
