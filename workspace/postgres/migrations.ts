import { passkeysMigration } from './passkeysMigration.ts'
import { workspaceChangesMigration } from './pgChanges.ts'
import { runChainMigration } from './runChainMigration.ts'
import { sessionsMigration } from './sessionsMigration.ts'
import { teamMigration } from './teamMigration.ts'

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

// The rule a user kept with a decision, for the run's owner (and a later one) to hold.
const keptRules = `
ALTER TABLE studypulse.pending_confirmations ADD COLUMN keep json;
CREATE INDEX pending_confirmations_kept ON studypulse.pending_confirmations (run_id)
  WHERE keep IS NOT NULL;
`

// One save of a run in one round trip: the function body is one statement's transaction, so the
// owner check, the writes and the NOTIFYs (on EVENTS_CHANNEL and COMMANDS_CHANNEL) commit together
// or not at all. Returns the other owner holding a live lease (nothing written) or NULL. Payloads come as text and are only cast to
// `json`, never traversed: PostgreSQL refuses to walk json holding `\u0000`, which text may carry.
const commitFunction = `
CREATE FUNCTION studypulse.commit_run(
  p_run_id text, p_owner text,
  p_snapshot text, p_value text, p_last_seq integer, p_ended boolean,
  p_seqs integer[], p_events text[], p_notify text,
  p_messages_from integer, p_messages text[],
  p_card_kinds text[], p_card_ids text[], p_card_digests text[],
  p_card_decisions text[], p_card_deciders text[], p_card_rules text[],
  p_journal text[], p_audit text[],
  p_command_ids bigint[], p_command_outcomes text[], p_ended_outcome text
) RETURNS text LANGUAGE plpgsql AS $fn$
DECLARE
  held record;
  i integer;
  answered bigint[];
BEGIN
  INSERT INTO studypulse.runs (run_id) VALUES (p_run_id)
  ON CONFLICT (run_id) DO UPDATE SET run_id = EXCLUDED.run_id
  RETURNING owner, lease_expires_at > now() AS live INTO held;
  IF held.owner IS NOT NULL AND held.owner <> p_owner AND held.live THEN
    RETURN held.owner;
  END IF;
  IF p_snapshot IS NOT NULL OR p_ended THEN
    UPDATE studypulse.runs SET updated_at = now(),
      snapshot = coalesce(p_snapshot::json, snapshot), value = coalesce(p_value, value),
      last_seq = coalesce(p_last_seq, last_seq),
      status = CASE WHEN p_ended THEN 'ended' ELSE status END
    WHERE run_id = p_run_id;
  END IF;
  IF cardinality(p_seqs) > 0 THEN
    INSERT INTO studypulse.run_events (run_id, seq, event)
    SELECT p_run_id, s, e::json FROM unnest(p_seqs, p_events) AS t (s, e);
    PERFORM pg_notify('studypulse_events', p_notify);
  END IF;
  IF p_messages_from IS NOT NULL THEN
    -- Positions from p_messages_from on are this save's: any left by a lost save are replaced.
    DELETE FROM studypulse.run_messages WHERE run_id = p_run_id AND position >= p_messages_from;
    INSERT INTO studypulse.run_messages (run_id, position, message)
    SELECT p_run_id, p_messages_from + n::integer - 1, m::json
    FROM unnest(p_messages) WITH ORDINALITY AS t (m, n);
  END IF;
  FOR i IN 1 .. coalesce(cardinality(p_card_kinds), 0) LOOP
    IF p_card_kinds[i] IN ('open', 'closeAll') THEN
      UPDATE studypulse.pending_confirmations SET resolved_at = now()
      WHERE run_id = p_run_id AND resolved_at IS NULL;
    END IF;
    IF p_card_kinds[i] = 'open' THEN
      INSERT INTO studypulse.pending_confirmations (confirmation_id, run_id, digest)
      VALUES (p_card_ids[i], p_run_id, p_card_digests[i])
      ON CONFLICT (confirmation_id) DO NOTHING;
    ELSIF p_card_kinds[i] = 'resolve' THEN
      -- A decision another node already won stays.
      UPDATE studypulse.pending_confirmations SET
        decision = coalesce(decision, p_card_decisions[i]),
        decided_by = coalesce(decided_by, p_card_deciders[i]),
        rule = CASE WHEN decision IS NULL THEN p_card_rules[i] ELSE rule END,
        decided_at = coalesce(decided_at, now()), resolved_at = now()
      WHERE confirmation_id = p_card_ids[i] AND run_id = p_run_id AND resolved_at IS NULL;
    END IF;
  END LOOP;
  -- The commands this save applied; a save that ends the run answers the rest 'run_ended'.
  WITH applied AS (
    UPDATE studypulse.run_commands c SET applied_at = now(), outcome = t.command_outcome::json
    FROM unnest(p_command_ids, p_command_outcomes) AS t (command_id, command_outcome)
    WHERE c.id = t.command_id AND c.run_id = p_run_id AND c.applied_at IS NULL
    RETURNING c.id
  )
  SELECT coalesce(array_agg(id), '{}') INTO answered FROM applied;
  IF p_ended THEN
    WITH swept AS (
      UPDATE studypulse.run_commands SET applied_at = now(), outcome = p_ended_outcome::json
      WHERE run_id = p_run_id AND applied_at IS NULL
      RETURNING id
    )
    SELECT answered || coalesce(array_agg(id), '{}') INTO answered FROM swept;
  END IF;
  IF cardinality(answered) > 0 THEN
    -- An answered edit's mark on its card goes (a refused edit leaves the card open again).
    UPDATE studypulse.pending_confirmations SET edit_command = NULL
    WHERE run_id = p_run_id AND edit_command = ANY(answered);
    PERFORM pg_notify('studypulse_commands',
      json_build_object('runId', p_run_id, 'applied', answered)::text);
  END IF;
  INSERT INTO studypulse.run_journal (run_id, record)
  SELECT p_run_id, r::json FROM unnest(p_journal) WITH ORDINALITY AS t (r, n) ORDER BY n;
  INSERT INTO studypulse.audit (run_id, record)
  SELECT p_run_id, r::json FROM unnest(p_audit) WITH ORDINALITY AS t (r, n) ORDER BY n;
  RETURN NULL;
END
$fn$;
`

// The run list: each run's start (when, its first message, who started it) and its place in the
// order runs started, so a page is one index range however many runs there are. Runs saved before
// it are placed by their last save and titled from their messages when first listed. A new run's
// first save goes through `commit_started_run`: `commit_run`, and its place in the list, in one
// statement's transaction.
const runList = `
CREATE SEQUENCE studypulse.run_list_seq;
ALTER TABLE studypulse.runs
  ADD COLUMN list_seq bigint, ADD COLUMN started_at timestamptz,
  ADD COLUMN title text, ADD COLUMN started_by text;
UPDATE studypulse.runs r SET list_seq = o.n, started_at = r.updated_at
FROM (SELECT run_id, row_number() OVER (ORDER BY updated_at, run_id) AS n
      FROM studypulse.runs WHERE snapshot IS NOT NULL) o
WHERE r.run_id = o.run_id;
SELECT setval('studypulse.run_list_seq', coalesce((SELECT max(list_seq) FROM studypulse.runs), 0) + 1, false);
CREATE UNIQUE INDEX runs_list ON studypulse.runs (list_seq) WHERE list_seq IS NOT NULL;
CREATE INDEX runs_list_by ON studypulse.runs (started_by, list_seq) WHERE list_seq IS NOT NULL;
CREATE FUNCTION studypulse.commit_started_run(
  p_started_at timestamptz, p_title text, p_started_by text,
  p_run_id text, p_owner text,
  p_snapshot text, p_value text, p_last_seq integer, p_ended boolean,
  p_seqs integer[], p_events text[], p_notify text,
  p_messages_from integer, p_messages text[],
  p_card_kinds text[], p_card_ids text[], p_card_digests text[],
  p_card_decisions text[], p_card_deciders text[], p_card_rules text[],
  p_journal text[], p_audit text[],
  p_command_ids bigint[], p_command_outcomes text[], p_ended_outcome text
) RETURNS text LANGUAGE plpgsql AS $fn$
DECLARE
  held text;
BEGIN
  held := studypulse.commit_run(p_run_id, p_owner, p_snapshot, p_value, p_last_seq, p_ended,
    p_seqs, p_events, p_notify, p_messages_from, p_messages, p_card_kinds, p_card_ids,
    p_card_digests, p_card_decisions, p_card_deciders, p_card_rules, p_journal, p_audit,
    p_command_ids, p_command_outcomes, p_ended_outcome);
  IF held IS NULL THEN
    UPDATE studypulse.runs SET list_seq = nextval('studypulse.run_list_seq'),
      started_at = p_started_at, title = p_title, started_by = p_started_by
    WHERE run_id = p_run_id AND list_seq IS NULL;
  END IF;
  RETURN held;
END
$fn$;
`

// The live panel: every write to a workspace's tasks, memory, notes or notebooks NOTIFYs
// `studypulse_workspace` (WORKSPACE_CHANNEL) with the part and an md5 of the workspace id (a payload of bounded size
// whatever the id), sent only if the write commits, and once per transaction and part.
const workspaceNotices = `
CREATE FUNCTION studypulse.notify_workspace() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM pg_notify('studypulse_workspace', json_build_object(
    'workspace', md5(CASE WHEN TG_OP = 'DELETE' THEN OLD.workspace_id ELSE NEW.workspace_id END),
    'part', TG_ARGV[0])::text);
  RETURN NULL;
END
$fn$;
CREATE TRIGGER tasks_notify AFTER INSERT OR UPDATE OR DELETE ON studypulse.tasks
  FOR EACH ROW EXECUTE FUNCTION studypulse.notify_workspace('tasks');
CREATE TRIGGER memory_notify AFTER INSERT OR UPDATE OR DELETE ON studypulse.memory
  FOR EACH ROW EXECUTE FUNCTION studypulse.notify_workspace('memory');
CREATE TRIGGER artifacts_notify AFTER INSERT OR UPDATE OR DELETE ON studypulse.artifacts
  FOR EACH ROW EXECUTE FUNCTION studypulse.notify_workspace('notes');
CREATE TRIGGER notebooks_notify AFTER INSERT OR UPDATE OR DELETE ON studypulse.notebooks
  FOR EACH ROW EXECUTE FUNCTION studypulse.notify_workspace('notebooks');
`

const cardDeadlines = `
ALTER TABLE studypulse.pending_confirmations ADD COLUMN expires_at timestamptz;
-- A card's deadline is stored with the card, as its confirmationRequired event (logged in the
-- same commit, just before) says; a decision's compare-and-set then reads it by the database's
-- clock, the one every node shares. A time not in the runtime's ISO form leaves no deadline.
CREATE FUNCTION studypulse.card_deadline() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  said text;
BEGIN
  IF NEW.expires_at IS NULL THEN
    SELECT event->>'expiresAt' INTO said FROM studypulse.run_events
    WHERE run_id = NEW.run_id AND event->>'kind' = 'confirmationRequired'
      AND event->>'confirmationId' = NEW.confirmation_id
    ORDER BY seq DESC LIMIT 1;
    IF said ~ '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,6})?Z$' THEN
      NEW.expires_at := said::timestamptz;
    END IF;
  END IF;
  RETURN NEW;
END
$fn$;
CREATE TRIGGER card_deadline BEFORE INSERT ON studypulse.pending_confirmations
  FOR EACH ROW EXECUTE FUNCTION studypulse.card_deadline();
`

// A signed decision's receipt (an `AuditReceipt`, JSON) travels with it from the deciding node to
// the run's owner, which logs it on the card, so the call's audit line carries it.
const cardReceipts = `
ALTER TABLE studypulse.pending_confirmations ADD COLUMN receipt json;
`

/** Every migration, oldest first; append new ones, never edit an applied one. */
export const migrations: readonly Migration[] = [
  { version: 1, name: 'runs, events, journal, audit and policies', sql: runs },
  { version: 2, name: 'pending confirmations', sql: pendingConfirmations },
  { version: 3, name: 'study workspaces', sql: workspace },
  { version: 4, name: 'run messages', sql: runMessages },
  { version: 5, name: 'run commands', sql: runCommands },
  { version: 6, name: 'rules kept with decisions', sql: keptRules },
  { version: 7, name: 'one-round-trip run commits', sql: commitFunction },
  { version: 8, name: 'the run list', sql: runList },
  { version: 9, name: 'workspace change notices', sql: workspaceNotices },
  {
    version: 10,
    name: 'who decided, approvals toward a quorum, a hash-chained audit',
    sql: teamMigration,
  },
  { version: 11, name: 'card deadlines', sql: cardDeadlines },
  {
    version: 12,
    name: 'an audit chain per run with checkpoints, the claim in a new run first save',
    sql: runChainMigration,
  },
  { version: 13, name: 'kept workspace changes', sql: workspaceChangesMigration },
  { version: 14, name: 'browser sessions', sql: sessionsMigration },
  { version: 15, name: 'passkeys and their ceremonies', sql: passkeysMigration },
  { version: 16, name: 'signed decisions kept with their cards', sql: cardReceipts },
]
