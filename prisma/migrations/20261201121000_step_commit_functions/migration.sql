-- A step commit and the tool-call ledger writes as single statements (ADR 0016).
-- Each function takes one JSON document built in TypeScript (packages/platform/src/execution/engine/
-- step-commit-sql.ts and tool-ledger-sql.ts) and does, server side, what used to be a dozen round trips.
-- A single statement is its own transaction: everything below commits together or not at all.

-- A time-ordered UUID like the ones Prisma's uuid(7) default makes, for rows created here.
CREATE OR REPLACE FUNCTION agentloom_uuid_v7() RETURNS uuid AS $$
  SELECT encode(
    set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
      PLACING substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
      FROM 1 FOR 6), 52, 1), 53, 1),
    'hex')::uuid;
$$ LANGUAGE sql VOLATILE;

-- Appends events exactly as appendRunEvents (packages/platform/src/events/append-run-events.ts) does:
-- sequence numbers from runs.next_event_seq (the UPDATE row-locks the run, so sequences stay gap-free),
-- one created_at for the batch, the webhook outbox rows the events cause (webhook-event-types.ts),
-- then one NOTIFY "<run id>:<last seq>". Returns the last sequence number (0 when nothing was appended).
CREATE OR REPLACE FUNCTION agentloom_append_run_events(p_run_id uuid, p_tenant_id uuid, p_events jsonb, p_created_at timestamptz)
RETURNS integer AS $$
DECLARE
  v_count integer := jsonb_array_length(p_events);
  v_first integer;
  v_deliveries integer;
BEGIN
  IF v_count = 0 THEN RETURN 0; END IF;
  UPDATE runs SET next_event_seq = next_event_seq + v_count WHERE id = p_run_id RETURNING next_event_seq - v_count INTO v_first;
  IF v_first IS NULL THEN RAISE EXCEPTION 'Run % does not exist', p_run_id; END IF;
  INSERT INTO run_events (tenant_id, run_id, seq, type, payload, created_at)
  SELECT p_tenant_id, p_run_id, v_first + (event.ordinality - 1)::integer, event.value->>'type', event.value->'payload', p_created_at
    FROM jsonb_array_elements(p_events) WITH ORDINALITY AS event;
  WITH webhook_events AS (
    SELECT v_first + (event.ordinality - 1)::integer AS seq,
           event.value->'payload' AS payload,
           CASE
             WHEN event.value->>'type' = 'approval-requested' THEN 'approval.requested'
             WHEN event.value->>'type' = 'approval-decided' THEN 'approval.decided'
             WHEN event.value->>'type' = 'run-finished' AND jsonb_typeof(event.value->'payload'->'status') = 'string' THEN
               CASE event.value->'payload'->>'status' WHEN 'succeeded' THEN 'run.completed' WHEN 'failed' THEN 'run.failed' WHEN 'cancelled' THEN 'run.cancelled' END
           END AS webhook_type
      FROM jsonb_array_elements(p_events) WITH ORDINALITY AS event
  ), inserted AS (
    INSERT INTO webhook_deliveries (id, tenant_id, endpoint_id, event_id, event_type, payload, created_at, updated_at)
    SELECT agentloom_uuid_v7(), p_tenant_id, endpoint.id, p_run_id::text || ':' || webhook_events.seq, webhook_events.webhook_type,
           jsonb_build_object(
             'id', p_run_id::text || ':' || webhook_events.seq,
             'type', webhook_events.webhook_type,
             'createdAt', to_char(p_created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
             'data', jsonb_build_object('runId', p_run_id::text) || CASE WHEN jsonb_typeof(webhook_events.payload) = 'object' THEN webhook_events.payload ELSE '{}'::jsonb END),
           p_created_at, p_created_at
      FROM webhook_events
      JOIN webhook_endpoints AS endpoint
        ON endpoint.tenant_id = p_tenant_id AND endpoint.enabled AND webhook_events.webhook_type = ANY (endpoint.event_types)
     WHERE webhook_events.webhook_type IS NOT NULL
    RETURNING 1
  )
  SELECT count(*) INTO v_deliveries FROM inserted;
  IF v_deliveries > 0 THEN PERFORM pg_notify('agentloom_webhook_deliveries', v_deliveries::text); END IF;
  PERFORM pg_notify('agentloom_run_events', p_run_id::text || ':' || (v_first + v_count - 1));
  RETURN v_first + v_count - 1;
END;
$$ LANGUAGE plpgsql;

-- The step's own rows, keyed so a replayed step converges: the step (run, index), its messages
-- (run, index; existing ones kept), its tool calls (run, call id; status history appended only on a
-- change, an operator's outcome-unknown question never overwritten by a veto, a sub-agent's call
-- linked to the delegating call written before it), and its checkpoint with retention (keep the
-- latest, approval points and the one before a failure). Returns { stepId }.
CREATE OR REPLACE FUNCTION agentloom_write_step_rows(p jsonb) RETURNS jsonb AS $$
DECLARE
  v_run_id uuid := (p->>'runId')::uuid;
  v_tenant_id uuid := (p->>'tenantId')::uuid;
  v_now timestamptz := (p->>'now')::timestamptz;
  v_step jsonb := p->'step';
  v_checkpoint jsonb := p->'checkpoint';
  v_step_id uuid;
  v_call jsonb;
  v_existing_status text;
  v_existing_history jsonb;
  v_history jsonb;
BEGIN
  INSERT INTO steps (id, tenant_id, run_id, index, kind, status, input_tokens, output_tokens, cost_usd, started_at, finished_at)
  VALUES ((v_step->>'id')::uuid, v_tenant_id, v_run_id, (v_step->>'index')::integer, v_step->>'kind', v_step->>'status',
          (v_step->>'inputTokens')::integer, (v_step->>'outputTokens')::integer, (v_step->>'costUsd')::numeric, (v_step->>'startedAt')::timestamptz, v_now)
  ON CONFLICT (run_id, index) DO UPDATE SET status = EXCLUDED.status, input_tokens = EXCLUDED.input_tokens,
    output_tokens = EXCLUDED.output_tokens, cost_usd = EXCLUDED.cost_usd, finished_at = EXCLUDED.finished_at
  RETURNING id INTO v_step_id;

  INSERT INTO messages (id, tenant_id, run_id, thread_id, step_id, index, role, content, tool_calls, tool_call_id, tool_name, is_error)
  SELECT (message->>'id')::uuid, v_tenant_id, v_run_id, (p->>'threadId')::uuid, v_step_id, (message->>'index')::integer,
         (message->>'role')::"MessageRole", message->>'content', NULLIF(message->'toolCalls', 'null'::jsonb),
         message->>'toolCallId', message->>'toolName', (message->>'isError')::boolean
    FROM jsonb_array_elements(p->'messages') AS message
  ON CONFLICT DO NOTHING;

  -- In order: delegating calls come before the sub-agents' calls that link to them.
  FOR v_call IN SELECT value FROM jsonb_array_elements(p->'toolCalls') LOOP
    SELECT status::text, status_history INTO v_existing_status, v_existing_history
      FROM tool_calls WHERE run_id = v_run_id AND call_id = v_call->>'callId';
    IF NOT FOUND THEN
      INSERT INTO tool_calls (id, tenant_id, run_id, step_id, call_id, name, implementation_id, side_effects, arguments, idempotency_key,
                              parent_tool_call_id, sub_agent, child_instance_id,
                              status, status_history, result, output_bytes, error_kind, error_message, finished_at)
      VALUES ((v_call->>'id')::uuid, v_tenant_id, v_run_id, v_step_id, v_call->>'callId', v_call->>'name', v_call->>'implementationId',
              v_call->>'sideEffects', v_call->'arguments', v_call->>'idempotencyKey',
              CASE WHEN v_call ? 'parentCallId' THEN (SELECT id FROM tool_calls WHERE run_id = v_run_id AND call_id = v_call->>'parentCallId') END,
              v_call->>'subAgent', v_call->>'childInstanceId',
              (v_call->>'status')::"ToolCallStatus", jsonb_build_array(v_call->'historyEntry'), v_call->'result', (v_call->>'outputBytes')::integer,
              v_call->>'errorKind', v_call->>'errorMessage', CASE WHEN (v_call->>'finished')::boolean THEN v_now END);
    ELSIF (v_call->>'vetoed')::boolean AND v_existing_status = 'outcome_unknown' THEN
      -- The ledger hook vetoed the call because its outcome is unknown and an operator decides:
      -- overwriting that with `rejected` would lose the question and let a later attempt run it again.
      UPDATE tool_calls SET step_id = v_step_id WHERE run_id = v_run_id AND call_id = v_call->>'callId';
    ELSE
      -- The ledger hooks already recorded running → succeeded/failed as it happened; don't repeat it.
      v_history := CASE WHEN jsonb_typeof(v_existing_history) = 'array' THEN v_existing_history ELSE '[]'::jsonb END;
      IF v_existing_status IS DISTINCT FROM v_call->>'status' THEN v_history := v_history || jsonb_build_array(v_call->'historyEntry'); END IF;
      UPDATE tool_calls SET
        step_id = v_step_id,
        status = (v_call->>'status')::"ToolCallStatus",
        status_history = v_history,
        result = CASE WHEN v_call ? 'result' THEN v_call->'result' ELSE result END,
        output_bytes = CASE WHEN v_call ? 'outputBytes' THEN (v_call->>'outputBytes')::integer ELSE output_bytes END,
        error_kind = CASE WHEN v_call ? 'errorKind' THEN v_call->>'errorKind' ELSE error_kind END,
        error_message = CASE WHEN v_call ? 'errorKind' THEN v_call->>'errorMessage' ELSE error_message END,
        finished_at = CASE WHEN (v_call->>'finished')::boolean THEN v_now ELSE finished_at END
      WHERE run_id = v_run_id AND call_id = v_call->>'callId';
    END IF;
  END LOOP;

  IF (v_checkpoint->>'markPreviousBeforeFailure')::boolean THEN
    UPDATE checkpoints SET retained_for = 'before_failure'
     WHERE id = (SELECT id FROM checkpoints WHERE run_id = v_run_id ORDER BY seq DESC LIMIT 1);
  END IF;
  INSERT INTO checkpoints (id, tenant_id, run_id, seq, step_index, format_version, state, module_bindings, byte_size, retained_for)
  VALUES ((v_checkpoint->>'id')::uuid, v_tenant_id, v_run_id, (v_checkpoint->>'seq')::integer, (v_checkpoint->>'stepIndex')::integer,
          (v_checkpoint->>'formatVersion')::integer, v_checkpoint->'state', v_checkpoint->'moduleBindings',
          (v_checkpoint->>'byteSize')::integer, v_checkpoint->>'retainedFor')
  ON CONFLICT (run_id, seq) DO UPDATE SET state = EXCLUDED.state, byte_size = EXCLUDED.byte_size;
  -- Retention: normally this finds the one previous `latest` through the (run_id, seq) index.
  DELETE FROM checkpoints WHERE run_id = v_run_id AND retained_for = 'latest' AND seq < (v_checkpoint->>'seq')::integer;

  RETURN jsonb_build_object('stepId', v_step_id);
END;
$$ LANGUAGE plpgsql;

-- A whole ordinary step (the run goes on) as one statement: the lease fence, the step's rows, the run's
-- usage, and its events with step-committed, webhook outbox and NOTIFY. Writes nothing and says why
-- when the lease is lost or the run's cancel has committed (the caller then takes the general path,
-- which ends the run cancelled). Returns { outcome: committed | lease-lost | cancel-requested, stepId }.
CREATE OR REPLACE FUNCTION agentloom_commit_step(p jsonb) RETURNS jsonb AS $$
DECLARE
  v_run_id uuid := (p->>'runId')::uuid;
  v_cancel_requested boolean;
  v_rows jsonb;
  v_step_id uuid;
  v_usage jsonb := p->'usage';
BEGIN
  SELECT cancel_requested_at IS NOT NULL INTO v_cancel_requested FROM runs
   WHERE id = v_run_id AND lease_owner = p->>'owner' AND attempt = (p->>'attempt')::integer AND status = 'running'
   FOR UPDATE;
  IF NOT FOUND THEN RETURN jsonb_build_object('outcome', 'lease-lost'); END IF;
  IF v_cancel_requested THEN RETURN jsonb_build_object('outcome', 'cancel-requested'); END IF;

  v_rows := agentloom_write_step_rows(p);
  v_step_id := (v_rows->>'stepId')::uuid;
  -- A replayed step: memory use recorded by its earlier commit is replaced (recordMemoryUse does the same).
  IF v_step_id <> (p->'step'->>'id')::uuid THEN DELETE FROM memory_injections WHERE step_id = v_step_id; END IF;

  UPDATE runs SET
    step_count = step_count + 1,
    model_calls = model_calls + (v_usage->>'modelCalls')::integer,
    tool_call_count = tool_call_count + (v_usage->>'toolCallCount')::integer,
    input_tokens = input_tokens + (v_usage->>'inputTokens')::integer,
    output_tokens = output_tokens + (v_usage->>'outputTokens')::integer,
    cost_usd = cost_usd + (v_usage->>'costUsd')::numeric,
    updated_at = (p->>'now')::timestamptz
  WHERE id = v_run_id;

  PERFORM agentloom_append_run_events(v_run_id, (p->>'tenantId')::uuid,
    (p->'events') || jsonb_build_array(jsonb_build_object('type', 'step-committed', 'payload',
      (p->'stepCommitted') || jsonb_build_object('stepId', v_step_id::text))),
    (p->>'now')::timestamptz);
  RETURN jsonb_build_object('outcome', 'committed', 'stepId', v_step_id);
END;
$$ LANGUAGE plpgsql;

-- The ledger write before a tool call runs, as one statement (tool-ledger-hooks.ts states the rules):
-- fence and cancel check under the run row lock, then replay a call that already ran to an end, veto
-- an unsafe call found running (outcome unknown, with its event), or mark the call running.
-- Returns { outcome: run | replay | veto | lease-lost | cancel-requested, status?, result? }.
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

-- The ledger write the moment a tool call returns, as one statement: fenced by the lease, the call's
-- end status, result and history entry. Returns { outcome: recorded | missing | lease-lost }.
CREATE OR REPLACE FUNCTION agentloom_tool_call_finished(p jsonb) RETURNS jsonb AS $$
DECLARE
  v_run_id uuid := (p->>'runId')::uuid;
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
  WHERE run_id = v_run_id AND call_id = p->>'callId';
  RETURN jsonb_build_object('outcome', CASE WHEN FOUND THEN 'recorded' ELSE 'missing' END);
END;
$$ LANGUAGE plpgsql;
