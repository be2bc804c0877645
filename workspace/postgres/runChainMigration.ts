import { commitRunBody } from './commitRunBody.ts'

// The parameters a save passes (as in migration 10), the same for `commit_run` and
// `commit_started_run` (which takes the run's start, and the claim, first).
const commitParameters = `  p_run_id text, p_owner text,
  p_snapshot text, p_value text, p_last_seq integer, p_ended boolean,
  p_seqs integer[], p_events text[], p_notify text,
  p_messages_from integer, p_messages text[],
  p_card_kinds text[], p_card_ids text[], p_card_digests text[],
  p_card_decisions text[], p_card_deciders text[], p_card_rules text[], p_card_approvers text[],
  p_journal text[], p_audit text[],
  p_command_ids bigint[], p_command_outcomes text[], p_ended_outcome text`

// The checkpoint over the chain heads: one writer at a time by a try-lock that skips (a node
// that finds it taken goes on at once), at most one per `p_min_interval_ms`. Its commit does not
// wait for the disk: a checkpoint lost in a crash takes its `audit_checkpointed` marks with it,
// so the next one names the same heads. Rows a commit holds are skipped (SKIP LOCKED) and named
// by the next checkpoint, so it never makes a run's commit wait long. Returns its `seq`, or NULL.
const checkpointFunction = `
CREATE FUNCTION studypulse.audit_checkpoint(p_min_interval_ms integer) RETURNS bigint
LANGUAGE plpgsql AS $fn$
DECLARE
  last record;
  heads text;
  legacy text := '';
  older record;
  body text;
  next_seq bigint;
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('studypulse.audit_checkpoint')) THEN
    RETURN NULL;
  END IF;
  SELECT seq, record->>'hash' AS hash, written_at INTO last
  FROM studypulse.audit_checkpoints ORDER BY seq DESC LIMIT 1;
  IF last.seq IS NOT NULL
     AND last.written_at > now() - p_min_interval_ms * interval '1 millisecond' THEN
    RETURN NULL;
  END IF;
  WITH moved AS (
    SELECT run_id, audit_n, audit_head FROM studypulse.runs
    WHERE audit_n > audit_checkpointed ORDER BY run_id FOR UPDATE SKIP LOCKED
  ), marked AS (
    UPDATE studypulse.runs r SET audit_checkpointed = m.audit_n FROM moved m
    WHERE r.run_id = m.run_id
  )
  SELECT string_agg(to_json(run_id)::text || ':[' || audit_n || ',"' || audit_head || '"]', ','
    ORDER BY run_id) INTO heads FROM moved;
  IF last.seq IS NULL THEN
    -- The first checkpoint pins the older, single-chain log (lines from before migration 12).
    SELECT count(*) AS lines, (array_agg(CASE WHEN left(record::text, 13) = '{"version":2,'
        THEN record->>'hash' ELSE encode(sha256(convert_to(record::text, 'UTF8')), 'hex') END
        ORDER BY id DESC))[1] AS head
      INTO older FROM studypulse.audit WHERE left(record::text, 13) <> '{"version":3,';
    IF older.lines > 0 THEN
      legacy := ',"legacy":[' || older.lines || ',"' || older.head || '"]';
    END IF;
  END IF;
  IF heads IS NULL AND legacy = '' THEN
    RETURN NULL;
  END IF;
  next_seq := coalesce(last.seq, 0) + 1;
  body := '{"version":1,"seq":' || next_seq || ',"prev":"' || coalesce(last.hash, repeat('0', 64))
    || '","at":' || to_json(now())::text || ',"heads":{' || coalesce(heads, '') || '}' || legacy
    || '}';
  INSERT INTO studypulse.audit_checkpoints (seq, record) VALUES (next_seq, (left(body, -1)
    || ',"hash":"' || encode(sha256(convert_to(body, 'UTF8')), 'hex') || '"}')::json);
  PERFORM set_config('synchronous_commit', 'off', true);
  RETURN next_seq;
END
$fn$;
`

/**
 * Migration 12: the audit hash chain per run instead of per store, and the claim in a new run's
 * first save. Migration 10's `commit_run` read the store's last audit line under one advisory
 * lock for the whole database, held through each commit's flush, so no two nodes' audit commits
 * ever shared a flush. Now a run's head (`runs.audit_n`, `runs.audit_head`) is read and moved
 * under the run's own row lock, which the commit takes anyway, and a checkpoint row over the heads
 * (`studypulse.audit_checkpoints`, `audit_checkpoint()`) ties the runs together every few
 * seconds. Lines written before stay as they are (format 2) and still verify; the first
 * checkpoint pins their length and head. `commit_started_run` takes the run's lease as well
 * (`p_lease_ms`, NULL for none), so a new run needs no claim statement of its own.
 * `store/runAuditChain.ts` and `store/auditCheckpoint.ts` build and check the same text.
 */
export const runChainMigration = `
ALTER TABLE studypulse.runs ADD COLUMN audit_n integer NOT NULL DEFAULT 0,
  ADD COLUMN audit_head text, ADD COLUMN audit_checkpointed integer NOT NULL DEFAULT 0;
CREATE INDEX runs_audit_moved ON studypulse.runs (run_id) WHERE audit_n > audit_checkpointed;
CREATE TABLE studypulse.audit_checkpoints (
  seq bigint PRIMARY KEY,
  record json NOT NULL,
  written_at timestamptz NOT NULL DEFAULT now()
);
DROP FUNCTION studypulse.commit_started_run(timestamptz, text, text, text, text, text, text,
  integer, boolean, integer[], text[], text, integer, text[], text[], text[], text[], text[],
  text[], text[], text[], text[], text[], bigint[], text[], text);
CREATE OR REPLACE FUNCTION studypulse.commit_run(
${commitParameters}
) RETURNS text LANGUAGE plpgsql AS $fn$
${commitRunBody}
$fn$;
CREATE FUNCTION studypulse.commit_started_run(
  p_started_at timestamptz, p_title text, p_started_by text, p_lease_ms integer,
${commitParameters}
) RETURNS text LANGUAGE plpgsql AS $fn$
DECLARE
  held text;
BEGIN
  held := studypulse.commit_run(p_run_id, p_owner, p_snapshot, p_value, p_last_seq, p_ended,
    p_seqs, p_events, p_notify, p_messages_from, p_messages, p_card_kinds, p_card_ids,
    p_card_digests, p_card_decisions, p_card_deciders, p_card_rules, p_card_approvers, p_journal,
    p_audit, p_command_ids, p_command_outcomes, p_ended_outcome);
  IF held IS NULL THEN
    -- The run's place in the list once, and its lease when asked: the claim of a new run. The
    -- lease runs from now, the end of the save, not from its start (\`now()\`): a save slowed by a
    -- busy server must not hand over a lease already running out when it commits.
    UPDATE studypulse.runs SET
      list_seq = coalesce(list_seq, nextval('studypulse.run_list_seq')),
      started_at = CASE WHEN list_seq IS NULL THEN p_started_at ELSE started_at END,
      title = CASE WHEN list_seq IS NULL THEN p_title ELSE title END,
      started_by = CASE WHEN list_seq IS NULL THEN p_started_by ELSE started_by END,
      owner = CASE WHEN p_lease_ms IS NULL THEN owner ELSE p_owner END,
      lease_expires_at = CASE WHEN p_lease_ms IS NULL THEN lease_expires_at
        ELSE clock_timestamp() + p_lease_ms * interval '1 millisecond' END
    WHERE run_id = p_run_id;
  END IF;
  RETURN held;
END
$fn$;
${checkpointFunction}
`
