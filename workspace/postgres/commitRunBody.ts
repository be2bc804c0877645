/**
 * The body of `studypulse.commit_run` from migration 12 on: migration 10's, with the audit lines
 * chained per run (format 3, `store/runAuditChain.ts`) from the head kept on the run's row. The
 * row is locked by the commit's first statement (the upsert that checks the owner), so two
 * commits of one run append in turn while commits of other runs never wait for this one.
 */
export const commitRunBody = `
DECLARE
  held record;
  i integer;
  answered bigint[];
  next_n integer;
  prev text;
  body text;
BEGIN
  INSERT INTO studypulse.runs (run_id) VALUES (p_run_id)
  ON CONFLICT (run_id) DO UPDATE SET run_id = EXCLUDED.run_id
  RETURNING owner, lease_expires_at > now() AS live, audit_n, audit_head INTO held;
  IF held.owner IS NOT NULL AND held.owner <> p_owner AND held.live THEN
    RETURN held.owner;
  END IF;
  next_n := held.audit_n;
  prev := coalesce(held.audit_head, repeat('0', 64));
  FOR i IN 1 .. coalesce(cardinality(p_audit), 0) LOOP
    next_n := next_n + 1;
    body := '{"version":3,"runId":' || to_json(p_run_id)::text || ',"n":' || next_n || ',"prev":"'
      || prev || '"' || CASE WHEN p_audit[i] = '{}' THEN '}' ELSE ',' || substr(p_audit[i], 2) END;
    prev := encode(sha256(convert_to(body, 'UTF8')), 'hex');
    INSERT INTO studypulse.audit (run_id, record)
    VALUES (p_run_id, (left(body, -1) || ',"hash":"' || prev || '"}')::json);
  END LOOP;
  IF p_snapshot IS NOT NULL OR p_ended OR next_n > held.audit_n THEN
    UPDATE studypulse.runs SET updated_at = now(),
      snapshot = coalesce(p_snapshot::json, snapshot), value = coalesce(p_value, value),
      last_seq = coalesce(p_last_seq, last_seq),
      status = CASE WHEN p_ended THEN 'ended' ELSE status END,
      audit_n = next_n, audit_head = CASE WHEN next_n > held.audit_n THEN prev ELSE audit_head END
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
    SELECT p_run_id, p_messages_from + t.n::integer - 1, m::json
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
  SELECT p_run_id, r::json FROM unnest(p_journal) WITH ORDINALITY AS t (r, n) ORDER BY t.n;
  RETURN NULL;
END
`
