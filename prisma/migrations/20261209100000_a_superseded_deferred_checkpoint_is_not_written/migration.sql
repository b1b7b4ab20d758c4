-- ADR 0087: a recorded replay commits its deferred steps and the step that commits them in one statement
-- (ADR 0071), where each step's checkpoint was written and then pruned by the next one. The caller now
-- leaves out (JSON null) a checkpoint the next document would prune anyway; the function skips the
-- checkpoint writes for such a document. Everything else is unchanged.
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

  -- A document whose checkpoint is JSON null: the next document of the same statement supersedes it (ADR 0087).
  IF jsonb_typeof(v_checkpoint) = 'object' THEN
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
  END IF;

  RETURN jsonb_build_object('stepId', v_step_id);
END;
$$ LANGUAGE plpgsql;

