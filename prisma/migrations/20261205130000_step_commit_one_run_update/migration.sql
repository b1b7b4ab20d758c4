-- A leaner step commit (ADR 0072). Measured inside agentloom_commit_step (auto_explain, bench/durable-step/
-- split-commit.ts): the run row was written twice per step — the usage UPDATE, then the event-sequence
-- UPDATE in agentloom_append_run_events — after a SELECT … FOR UPDATE fence; the second UPDATE of a row
-- version created by the same transaction re-runs every foreign-key check of `runs` (tenant, agent,
-- version …), and the webhook outbox query ran for events that can never map to a webhook.
-- Now one UPDATE of the run is the fence (lease, attempt, status, no cancel — re-checked on the
-- locked row, so lock order stays commit order), the usage and the sequence allocation; the events are
-- inserted at that sequence, the outbox query runs only when an event maps to a webhook type, and the
-- watcher test is inlined (not a SQL function re-planned on every call).
-- Nothing else changes: same rows, same events, same answer.

-- Inserts events at a sequence the caller has already allocated from runs.next_event_seq (under the run
-- row lock), with the webhook outbox rows they cause and the conditional NOTIFY — the rules of
-- agentloom_append_run_events (20261201141000_run_event_watchers), which keeps its own copy: a change
-- to the event rules changes both. Returns the last sequence number.
CREATE OR REPLACE FUNCTION agentloom_insert_run_events(p_run_id uuid, p_tenant_id uuid, p_events jsonb, p_created_at timestamptz, p_first integer)
RETURNS integer AS $$
DECLARE
  v_last integer := p_first + jsonb_array_length(p_events) - 1;
  v_deliveries integer;
BEGIN
  INSERT INTO run_events (tenant_id, run_id, seq, type, payload, created_at)
  SELECT p_tenant_id, p_run_id, p_first + (event.ordinality - 1)::integer, event.value->>'type', event.value->'payload', p_created_at
    FROM jsonb_array_elements(p_events) WITH ORDINALITY AS event;
  IF EXISTS (SELECT 1 FROM jsonb_array_elements(p_events) AS event
              WHERE event.value->>'type' IN ('approval-requested', 'approval-decided', 'run-finished')) THEN
    WITH webhook_events AS (
      SELECT p_first + (event.ordinality - 1)::integer AS seq,
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
  END IF;
  -- agentloom_run_watched's test, written out: a SQL function called from plpgsql is planned on every
  -- call (0.3 ms of a ~2.3 ms commit, track_functions), a plpgsql statement's plan is kept per session.
  IF EXISTS (SELECT 1 FROM run_event_watchers WHERE run_id = p_run_id AND expires_at > now())
     OR EXISTS (SELECT 1 FROM run_event_watchers WHERE tenant_id = p_tenant_id AND expires_at > now()) THEN
    PERFORM pg_notify('agentloom_run_events', p_run_id::text || ':' || v_last || ':' || p_tenant_id::text);
  END IF;
  RETURN v_last;
END;
$$ LANGUAGE plpgsql;

-- As in 20261201121000_step_commit_functions (same document, same answer), with the fence, the usage
-- and the event sequence in one UPDATE of the run.
CREATE OR REPLACE FUNCTION agentloom_commit_step(p jsonb) RETURNS jsonb AS $$
DECLARE
  v_run_id uuid := (p->>'runId')::uuid;
  v_now timestamptz := (p->>'now')::timestamptz;
  v_usage jsonb := p->'usage';
  -- The step's events, then step-committed.
  v_count integer := jsonb_array_length(p->'events') + 1;
  v_first integer;
  v_cancel_requested boolean;
  v_rows jsonb;
  v_step_id uuid;
BEGIN
  -- The fence: this attempt holds the lease and no cancel has committed. An UPDATE that waits on the
  -- row lock re-checks these conditions on the row a concurrent cancel committed, as FOR UPDATE did.
  UPDATE runs SET
    step_count = step_count + 1,
    model_calls = model_calls + (v_usage->>'modelCalls')::integer,
    tool_call_count = tool_call_count + (v_usage->>'toolCallCount')::integer,
    input_tokens = input_tokens + (v_usage->>'inputTokens')::integer,
    output_tokens = output_tokens + (v_usage->>'outputTokens')::integer,
    cost_usd = cost_usd + (v_usage->>'costUsd')::numeric,
    next_event_seq = next_event_seq + v_count,
    updated_at = v_now
  WHERE id = v_run_id AND lease_owner = p->>'owner' AND attempt = (p->>'attempt')::integer AND status = 'running'
    AND cancel_requested_at IS NULL
  RETURNING next_event_seq - v_count INTO v_first;
  IF v_first IS NULL THEN
    -- Nothing written. Why: the lease (lost) or a committed cancel (the caller ends the run cancelled).
    SELECT cancel_requested_at IS NOT NULL INTO v_cancel_requested FROM runs
     WHERE id = v_run_id AND lease_owner = p->>'owner' AND attempt = (p->>'attempt')::integer AND status = 'running';
    IF NOT FOUND THEN RETURN jsonb_build_object('outcome', 'lease-lost'); END IF;
    RETURN jsonb_build_object('outcome', 'cancel-requested');
  END IF;

  v_rows := agentloom_write_step_rows(p);
  v_step_id := (v_rows->>'stepId')::uuid;
  -- A replayed step: memory use recorded by its earlier commit is replaced (recordMemoryUse does the same).
  IF v_step_id <> (p->'step'->>'id')::uuid THEN DELETE FROM memory_injections WHERE step_id = v_step_id; END IF;

  PERFORM agentloom_insert_run_events(v_run_id, (p->>'tenantId')::uuid,
    (p->'events') || jsonb_build_array(jsonb_build_object('type', 'step-committed', 'payload',
      (p->'stepCommitted') || jsonb_build_object('stepId', v_step_id::text))),
    v_now, v_first);
  RETURN jsonb_build_object('outcome', 'committed', 'stepId', v_step_id);
END;
$$ LANGUAGE plpgsql;
