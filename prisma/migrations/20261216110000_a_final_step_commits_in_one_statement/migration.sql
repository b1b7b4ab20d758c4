-- A step that ends the run with its output commits in one statement (ADR 0101). It took the general path: a
-- transaction of seven round trips (BEGIN, the fence, the step's rows, two Prisma reads for leftover calls, the
-- events with the run's end riding on them, COMMIT), holding the run's row lock across them. Now
-- agentloom_commit_step takes an optional `finish` ({output, episode, closeLeftovers}) and writes the end with
-- the step: the run `succeeded` with its output, its lease released, its episode flag, and `run-finished` after
-- `step-committed`. When a call of the run is still `running` or of unknown outcome, and this step does not
-- record its end, nothing is written (`leftovers`): the general path closes such calls, with their events.
-- As in 20261207100000_served_replies_are_not_billed otherwise.
CREATE OR REPLACE FUNCTION agentloom_commit_step(p jsonb) RETURNS jsonb AS $$
DECLARE
  v_run_id uuid := (p->>'runId')::uuid;
  v_now timestamptz := (p->>'now')::timestamptz;
  v_usage jsonb := p->'usage';
  v_finish jsonb := p->'finish';
  -- The step's events, then step-committed, then run-finished when the step ends the run.
  v_count integer := jsonb_array_length(p->'events') + CASE WHEN v_finish IS NULL THEN 1 ELSE 2 END;
  v_first integer;
  v_cancel_requested boolean;
  v_rows jsonb;
  v_step_id uuid;
  v_events jsonb;
BEGIN
  -- The fence: this attempt holds the lease and no cancel has committed. An UPDATE that waits on the
  -- row lock re-checks these conditions on the row a concurrent cancel committed, as FOR UPDATE did.
  -- Two statements, not one with `v_finish` tests in it: a custom plan that knew `v_finish IS NULL` would
  -- always look cheaper than the generic plan, and the ordinary step's UPDATE would be planned on every call.
  IF v_finish IS NULL THEN
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
  ELSE
    -- The same, with the run's end (as the general path's `succeededRide`).
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
      updated_at = v_now,
      status = 'succeeded',
      output = jsonb_build_object('text', v_finish->'output'),
      finished_at = v_now,
      lease_owner = NULL,
      lease_expires_at = NULL,
      episode_pending = episode_pending OR (v_finish->>'episode')::boolean
    WHERE id = v_run_id AND lease_owner = p->>'owner' AND attempt = (p->>'attempt')::integer AND status = 'running'
      AND cancel_requested_at IS NULL
      -- An end leaves no call open: one still running (or of unknown outcome) whose end this step does not
      -- record sends the step to the general path, which closes it. A call whose end the step records is not open.
      AND NOT EXISTS (
        SELECT 1 FROM tool_calls AS call
         WHERE (v_finish->>'closeLeftovers')::boolean AND call.run_id = v_run_id AND call.status IN ('running', 'outcome_unknown')
           AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements(p->'toolCalls') AS recorded
                            WHERE recorded.value->>'callId' = call.call_id AND recorded.value->>'status' NOT IN ('running', 'outcome_unknown')))
    RETURNING next_event_seq - v_count INTO v_first;
  END IF;
  IF v_first IS NULL THEN
    -- Nothing written. Why: the lease (lost), a committed cancel (the caller ends the run cancelled), or
    -- calls left open at an end (the caller takes the general path).
    SELECT cancel_requested_at IS NOT NULL INTO v_cancel_requested FROM runs
     WHERE id = v_run_id AND lease_owner = p->>'owner' AND attempt = (p->>'attempt')::integer AND status = 'running';
    IF NOT FOUND THEN RETURN jsonb_build_object('outcome', 'lease-lost'); END IF;
    IF v_finish IS NOT NULL AND NOT v_cancel_requested THEN RETURN jsonb_build_object('outcome', 'leftovers'); END IF;
    RETURN jsonb_build_object('outcome', 'cancel-requested');
  END IF;

  v_rows := agentloom_write_step_rows(p);
  v_step_id := (v_rows->>'stepId')::uuid;
  -- A replayed step: memory use recorded by its earlier commit is replaced (recordMemoryUse does the same).
  IF v_step_id <> (p->'step'->>'id')::uuid THEN DELETE FROM memory_injections WHERE step_id = v_step_id; END IF;

  v_events := (p->'events') || jsonb_build_array(jsonb_build_object('type', 'step-committed', 'payload',
    (p->'stepCommitted') || jsonb_build_object('stepId', v_step_id::text)));
  IF v_finish IS NOT NULL THEN
    v_events := v_events || jsonb_build_array(jsonb_build_object('type', 'run-finished', 'payload',
      jsonb_build_object('status', 'succeeded', 'output', v_finish->'output')));
  END IF;
  PERFORM agentloom_insert_run_events(v_run_id, (p->>'tenantId')::uuid, v_events, v_now, v_first);
  RETURN jsonb_build_object('outcome', 'committed', 'stepId', v_step_id);
END;
$$ LANGUAGE plpgsql;
