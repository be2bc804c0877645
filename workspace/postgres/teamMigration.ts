// The parameters a save passes, the same for `commit_run` and the run list's
// `commit_started_run` (which takes the run's start first).
const commitParameters = `  p_run_id text, p_owner text,
  p_snapshot text, p_value text, p_last_seq integer, p_ended boolean,
  p_seqs integer[], p_events text[], p_notify text,
  p_messages_from integer, p_messages text[],
  p_card_kinds text[], p_card_ids text[], p_card_digests text[],
  p_card_decisions text[], p_card_deciders text[], p_card_rules text[], p_card_approvers text[],
  p_journal text[], p_audit text[],
  p_command_ids bigint[], p_command_outcomes text[], p_ended_outcome text`

/**
 * Migration 10, for teams: who decided a card (`pending_confirmations.decider`, as the deciding
 * node's authentication said), approvals that count toward a quorum (a commit that logs one lets
 * the next person decide the card), and an audit log whose every line carries the SHA-256 of the
 * line before it. `commit_run` is replaced whole (its parameters change): same statement, same
 * one transaction, plus the card approvers and the chain. Migration 8's `commit_started_run` (a
 * new run's first save: `commit_run` and its place in the run list) calls it, so it is replaced
 * too, with the same new parameters: PL/pgSQL resolves the call only when it runs, and the old
 * one would call a `commit_run` that no longer exists.
 *
 * A chained audit line is the record's JSON with `"version":2,"prev":"<hex>"` put first and
 * `"hash":"<hex>"` last: `hash` is the SHA-256 of the line up to it, `prev` the `hash` of the line
 * before (or of an older line's whole text; 64 zeros for the very first line). The previous line
 * is read under a transaction-scoped advisory lock, so the lines of concurrent commits on any
 * node form one chain in `id` order. `store/auditChain.ts` builds and checks the same text.
 */
export const teamMigration = `
ALTER TABLE studypulse.pending_confirmations ADD COLUMN decider json;
DROP FUNCTION studypulse.commit_run(text, text, text, text, integer, boolean, integer[], text[],
  text, integer, text[], text[], text[], text[], text[], text[], text[], text[], text[], bigint[],
  text[], text);
CREATE FUNCTION studypulse.commit_run(
${commitParameters}
) RETURNS text LANGUAGE plpgsql AS $fn$
DECLARE
  held record;
  i integer;
  answered bigint[];
  prev text;
  body text;
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
    ELSIF p_card_kinds[i] = 'approve' THEN
      -- The run kept this person's approval; the card takes the next person's decision.
      UPDATE studypulse.pending_confirmations SET decision = NULL, decided_by = NULL,
        rule = NULL, keep = NULL, decider = NULL, decided_at = NULL
      WHERE confirmation_id = p_card_ids[i] AND run_id = p_run_id AND resolved_at IS NULL
        AND decision = 'allow' AND decider->>'id' = p_card_approvers[i];
    ELSIF p_card_kinds[i] = 'resolve' THEN
      UPDATE studypulse.pending_confirmations SET
        decision = coalesce(decision, p_card_decisions[i]),
        decided_by = coalesce(decided_by, p_card_deciders[i]),
        rule = CASE WHEN decision IS NULL THEN p_card_rules[i] ELSE rule END,
        decided_at = coalesce(decided_at, now()), resolved_at = now()
      WHERE confirmation_id = p_card_ids[i] AND run_id = p_run_id AND resolved_at IS NULL;
    END IF;
  END LOOP;
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
    UPDATE studypulse.pending_confirmations SET edit_command = NULL
    WHERE run_id = p_run_id AND edit_command = ANY(answered);
    PERFORM pg_notify('studypulse_commands',
      json_build_object('runId', p_run_id, 'applied', answered)::text);
  END IF;
  INSERT INTO studypulse.run_journal (run_id, record)
  SELECT p_run_id, r::json FROM unnest(p_journal) WITH ORDINALITY AS t (r, n) ORDER BY n;
  IF coalesce(cardinality(p_audit), 0) > 0 THEN
    -- One chain for the database: the previous line is read, and the new ones added, alone.
    PERFORM pg_advisory_xact_lock(hashtext('studypulse.audit'));
    SELECT CASE WHEN left(record::text, 13) = '{"version":2,' THEN record->>'hash'
      ELSE encode(sha256(convert_to(record::text, 'UTF8')), 'hex') END INTO prev
    FROM studypulse.audit ORDER BY id DESC LIMIT 1;
    prev := coalesce(prev, repeat('0', 64));
    FOR i IN 1 .. cardinality(p_audit) LOOP
      body := '{"version":2,"prev":"' || prev || '",' || substr(p_audit[i], 2);
      prev := encode(sha256(convert_to(body, 'UTF8')), 'hex');
      INSERT INTO studypulse.audit (run_id, record)
      VALUES (p_run_id, (left(body, -1) || ',"hash":"' || prev || '"}')::json);
    END LOOP;
  END IF;
  RETURN NULL;
END
$fn$;
DROP FUNCTION studypulse.commit_started_run(timestamptz, text, text, text, text, text, text,
  integer, boolean, integer[], text[], text, integer, text[], text[], text[], text[], text[],
  text[], text[], text[], text[], bigint[], text[], text);
CREATE FUNCTION studypulse.commit_started_run(
  p_started_at timestamptz, p_title text, p_started_by text,
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
    UPDATE studypulse.runs SET list_seq = nextval('studypulse.run_list_seq'),
      started_at = p_started_at, title = p_title, started_by = p_started_by
    WHERE run_id = p_run_id AND list_seq IS NULL;
  END IF;
  RETURN held;
END
$fn$;
`
