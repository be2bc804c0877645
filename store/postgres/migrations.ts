/** One step of the PostgreSQL schema: applied once, in `version` order, inside a transaction. */
export interface Migration {
  version: number
  name: string
  sql: string
}

/** The schema every StudyPulse table lives in. */
export const SCHEMA = 'studypulse'

// Payloads are `json`, not `jsonb`: jsonb refuses `\u0000`, which a model's text may carry, and
// the store only hands payloads back, never queries inside them.
const runs = `
CREATE TABLE studypulse.runs (
  run_id text PRIMARY KEY,
  snapshot json,
  value text,
  last_seq integer NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'ended')),
  owner text,
  lease_expires_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX runs_open ON studypulse.runs (run_id) WHERE status = 'open' AND snapshot IS NOT NULL;
CREATE TABLE studypulse.run_events (
  run_id text NOT NULL REFERENCES studypulse.runs (run_id),
  seq integer NOT NULL CHECK (seq > 0),
  event json NOT NULL,
  PRIMARY KEY (run_id, seq)
);
CREATE TABLE studypulse.run_journal (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  run_id text NOT NULL REFERENCES studypulse.runs (run_id),
  record json NOT NULL
);
CREATE INDEX run_journal_run ON studypulse.run_journal (run_id, id);
CREATE TABLE studypulse.audit (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  run_id text NOT NULL,
  record json NOT NULL
);
CREATE TABLE studypulse.policies (
  position integer PRIMARY KEY,
  rule json NOT NULL
);
`

const pendingConfirmations = `
CREATE TABLE studypulse.pending_confirmations (
  confirmation_id text PRIMARY KEY,
  run_id text NOT NULL REFERENCES studypulse.runs (run_id),
  digest text NOT NULL,
  opened_at timestamptz NOT NULL DEFAULT now(),
  decision text CHECK (decision IN ('allow', 'deny')),
  decided_by text CHECK (decided_by IN ('user', 'policy', 'timeout')),
  rule text,
  decided_at timestamptz,
  resolved_at timestamptz
);
CREATE INDEX pending_confirmations_open ON studypulse.pending_confirmations (run_id)
  WHERE resolved_at IS NULL;
`

const workspace = `
CREATE TABLE studypulse.workspaces (
  workspace_id text PRIMARY KEY,
  created_at timestamptz NOT NULL
);
CREATE TABLE studypulse.tasks (
  workspace_id text NOT NULL REFERENCES studypulse.workspaces (workspace_id),
  id text NOT NULL,
  position bigint GENERATED ALWAYS AS IDENTITY,
  task json NOT NULL,
  PRIMARY KEY (workspace_id, id)
);
CREATE TABLE studypulse.memory (
  workspace_id text NOT NULL REFERENCES studypulse.workspaces (workspace_id),
  position bigint GENERATED ALWAYS AS IDENTITY,
  entry json NOT NULL,
  PRIMARY KEY (workspace_id, position)
);
CREATE TABLE studypulse.artifacts (
  workspace_id text NOT NULL REFERENCES studypulse.workspaces (workspace_id),
  name text NOT NULL,
  artifact json NOT NULL,
  PRIMARY KEY (workspace_id, name)
);
CREATE TABLE studypulse.notebooks (
  workspace_id text NOT NULL REFERENCES studypulse.workspaces (workspace_id),
  position bigint GENERATED ALWAYS AS IDENTITY,
  id text NOT NULL,
  notebook json NOT NULL,
  PRIMARY KEY (workspace_id, id)
);
`

// A run's conversation, one row per message, so a save writes only the new ones.
const runMessages = `
CREATE TABLE studypulse.run_messages (
  run_id text NOT NULL REFERENCES studypulse.runs (run_id),
  position integer NOT NULL CHECK (position >= 0),
  message json NOT NULL,
  PRIMARY KEY (run_id, position)
);
`

// Commands to a run from any node (see `RunCommandInbox`), applied by the run's owner in `id`
// order; `applied_at` is set by the commit that saves what the command did. An offered edit marks
// its card (`edit_command`), so no decision offered after it can win the card.
const runCommands = `
CREATE TABLE studypulse.run_commands (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  run_id text NOT NULL REFERENCES studypulse.runs (run_id),
  command json NOT NULL,
  offered_at timestamptz NOT NULL DEFAULT now(),
  applied_at timestamptz,
  outcome json
);
CREATE INDEX run_commands_pending ON studypulse.run_commands (run_id, id) WHERE applied_at IS NULL;
ALTER TABLE studypulse.pending_confirmations ADD COLUMN edit_command bigint;
`

/** Every migration, oldest first; append new ones, never edit an applied one. */
export const migrations: readonly Migration[] = [
  { version: 1, name: 'runs, events, journal, audit and policies', sql: runs },
  { version: 2, name: 'pending confirmations', sql: pendingConfirmations },
  { version: 3, name: 'study workspaces', sql: workspace },
  { version: 4, name: 'run messages', sql: runMessages },
  { version: 6, name: 'run commands', sql: runCommands },
]
