-- Replies served from a recording (a recorded replay, ADR 0071) spend nothing, yet their recorded usage
-- went into the run's counters, and the budget trigger billed every counter change to the tenant's and
-- agent's day: an experiment in recorded mode used up the budgets of live runs, and every replay commit
-- upserted the tenant's one usage row, which serialized concurrent replays on its lock (ADR 0083).
-- The run keeps the recorded usage (the replay's deltas compare it with the recording) and now also
-- counts the served part; the trigger bills only the rest, and writes nothing when there is none.
ALTER TABLE "runs" ADD COLUMN "served_tokens" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN "served_cost_usd" DECIMAL(14,6) NOT NULL DEFAULT 0;

CREATE OR REPLACE FUNCTION agentloom_count_budget_usage() RETURNS trigger AS $$
DECLARE
  v_tokens BIGINT := (NEW.input_tokens - OLD.input_tokens) + (NEW.output_tokens - OLD.output_tokens) - (NEW.served_tokens - OLD.served_tokens);
  v_cost DECIMAL(16,6) := (NEW.cost_usd - OLD.cost_usd) - (NEW.served_cost_usd - OLD.served_cost_usd);
  v_day DATE := (now() AT TIME ZONE 'UTC')::date;
BEGIN
  IF v_tokens = 0 AND v_cost = 0 THEN RETURN NULL; END IF;
  INSERT INTO budget_usage_days (tenant_id, subject, day, tokens, cost_usd)
  VALUES (NEW.tenant_id, 'tenant', v_day, v_tokens, v_cost), (NEW.tenant_id, NEW.agent_id::text, v_day, v_tokens, v_cost)
  ON CONFLICT (tenant_id, subject, day) DO UPDATE
    SET tokens = budget_usage_days.tokens + EXCLUDED.tokens, cost_usd = budget_usage_days.cost_usd + EXCLUDED.cost_usd;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

-- As in 20261205130000_step_commit_one_run_update, with the served usage counted in the same UPDATE.
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
    served_tokens = served_tokens + COALESCE((v_usage->>'servedTokens')::integer, 0),
    served_cost_usd = served_cost_usd + COALESCE((v_usage->>'servedCostUsd')::numeric, 0),
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
