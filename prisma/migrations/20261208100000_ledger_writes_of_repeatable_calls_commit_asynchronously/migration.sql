-- The two ledger writes around a tool call (agentloom_tool_call_starting / _finished) are each their own
-- transaction, and each waited for its WAL flush before the executor went on. For a call whose tool
-- declares `none` or `idempotent` side effects, that wait protects nothing (ADR 0085): only a crash of
-- the Postgres server itself can lose an unflushed commit (a worker's crash cannot: the commit is in the
-- server and visible to every session the moment it returns), and what the write would then have told
-- the next attempt is only "this call started" or "this call ended" — for such a call the next attempt
-- may run it again either way (the ledger's rule for `running` rows). The step commit that follows is
-- synchronous and flushes the WAL up to itself, so both writes are durable once the step is.
-- An `unsafe` call keeps both flushes: its `running` row must be on disk before its handler starts,
-- or a server crash could let it run twice.
-- set_config(…, true) lasts until the end of the transaction: these functions are called as statements
-- of their own (the executor's driver path), never inside a caller's transaction.
CREATE OR REPLACE FUNCTION agentloom_tool_call_starting(p jsonb) RETURNS jsonb AS $$
DECLARE
  v_run_id uuid := (p->>'runId')::uuid;
  v_now timestamptz := (p->>'now')::timestamptz;
  v_entry jsonb;
  v_cancel_requested boolean;
  v_existing tool_calls%ROWTYPE;
  v_found boolean;
  v_interrupted boolean;
BEGIN
  SELECT cancel_requested_at IS NOT NULL INTO v_cancel_requested FROM runs
   WHERE id = v_run_id AND lease_owner = p->>'owner' AND attempt = (p->>'attempt')::integer AND status = 'running'
   FOR UPDATE;
  IF NOT FOUND THEN RETURN jsonb_build_object('outcome', 'lease-lost'); END IF;
  IF v_cancel_requested THEN RETURN jsonb_build_object('outcome', 'cancel-requested'); END IF;
  -- ADR 0085: the document's side effects are the tool's declaration in this attempt's registry.
  IF p->>'sideEffects' IN ('none', 'idempotent') THEN PERFORM set_config('synchronous_commit', 'off', true); END IF;

  SELECT * INTO v_existing FROM tool_calls WHERE run_id = v_run_id AND call_id = p->>'callId';
  v_found := FOUND;
  v_interrupted := v_found AND coalesce(v_existing.error_kind IN ('cancelled', 'abandoned'), false);
  IF v_found AND NOT v_interrupted AND v_existing.status IN ('succeeded', 'failed')
     AND v_existing.result IS NOT NULL AND v_existing.result <> 'null'::jsonb THEN
    RETURN jsonb_build_object('outcome', 'replay', 'status', v_existing.status::text, 'result', v_existing.result);
  END IF;
  IF v_found AND (v_existing.status IN ('running', 'outcome_unknown') OR v_interrupted) AND p->>'sideEffects' = 'unsafe' THEN
    IF v_existing.status <> 'outcome_unknown' THEN
      v_entry := jsonb_build_object('status', 'outcome_unknown', 'at', p->>'now', 'attempt', (p->>'attempt')::integer);
      UPDATE tool_calls SET status = 'outcome_unknown',
        status_history = CASE WHEN jsonb_typeof(status_history) = 'array' THEN status_history ELSE '[]'::jsonb END || jsonb_build_array(v_entry)
       WHERE id = v_existing.id;
      PERFORM agentloom_append_run_events(v_run_id, (p->>'tenantId')::uuid,
        jsonb_build_array(jsonb_build_object('type', 'tool-call-outcome-unknown', 'payload',
          jsonb_build_object('callId', p->>'callId', 'toolName', p->>'name', 'attempt', (p->>'attempt')::integer))),
        v_now);
    END IF;
    RETURN jsonb_build_object('outcome', 'veto');
  END IF;

  v_entry := jsonb_build_object('status', 'running', 'at', p->>'now', 'attempt', (p->>'attempt')::integer);
  IF v_found THEN
    UPDATE tool_calls SET status = 'running', started_at = v_now, error_kind = NULL, error_message = NULL,
      status_history = CASE WHEN jsonb_typeof(status_history) = 'array' THEN status_history ELSE '[]'::jsonb END || jsonb_build_array(v_entry)
     WHERE id = v_existing.id;
  ELSE
    INSERT INTO tool_calls (id, tenant_id, run_id, call_id, name, implementation_id, side_effects, arguments, idempotency_key,
                            status, started_at, status_history, parent_tool_call_id, sub_agent, child_instance_id)
    VALUES ((p->>'id')::uuid, (p->>'tenantId')::uuid, v_run_id, p->>'callId', p->>'name', p->>'implementationId', p->>'sideEffects',
            p->'arguments', p->>'idempotencyKey', 'running', v_now, jsonb_build_array(v_entry),
            CASE WHEN p ? 'parentCallId' THEN (SELECT id FROM tool_calls WHERE run_id = v_run_id AND call_id = p->>'parentCallId') END,
            p->>'subAgent', p->>'childInstanceId');
  END IF;
  RETURN jsonb_build_object('outcome', 'run');
END;
$$ LANGUAGE plpgsql;

CREATE OR REPLACE FUNCTION agentloom_tool_call_finished(p jsonb) RETURNS jsonb AS $$
DECLARE
  v_run_id uuid := (p->>'runId')::uuid;
  v_side_effects text;
BEGIN
  PERFORM 1 FROM runs
   WHERE id = v_run_id AND lease_owner = p->>'owner' AND attempt = (p->>'attempt')::integer AND status = 'running'
   FOR UPDATE;
  IF NOT FOUND THEN RETURN jsonb_build_object('outcome', 'lease-lost'); END IF;
  UPDATE tool_calls SET
    status = (p->>'status')::"ToolCallStatus",
    error_kind = CASE WHEN p ? 'interruption' THEN p->>'interruption' ELSE error_kind END,
    error_message = CASE WHEN p ? 'interruption' THEN p->'result'->>'content' ELSE error_message END,
    finished_at = (p->>'now')::timestamptz,
    result = p->'result',
    output_bytes = CASE WHEN p ? 'outputBytes' THEN (p->>'outputBytes')::integer ELSE output_bytes END,
    status_history = CASE WHEN jsonb_typeof(status_history) = 'array' THEN status_history ELSE '[]'::jsonb END
      || jsonb_build_array(jsonb_build_object('status', p->>'status', 'at', p->>'now', 'attempt', (p->>'attempt')::integer))
  WHERE run_id = v_run_id AND call_id = p->>'callId'
  RETURNING side_effects INTO v_side_effects;
  IF NOT FOUND THEN RETURN jsonb_build_object('outcome', 'missing'); END IF;
  -- ADR 0085: the side effects the call was started with, as its row records them.
  IF v_side_effects IN ('none', 'idempotent') THEN PERFORM set_config('synchronous_commit', 'off', true); END IF;
  RETURN jsonb_build_object('outcome', 'recorded');
END;
$$ LANGUAGE plpgsql;
