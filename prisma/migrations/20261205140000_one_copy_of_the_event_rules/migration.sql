-- One copy of the event rules in SQL: agentloom_append_run_events allocates the sequence and hands the
-- events to agentloom_insert_run_events (20261205130000), which holds the rules (events, webhook outbox
-- rows, conditional NOTIFY). Before, both functions carried the same rules and a change had to be made
-- twice. Same rows, same events, same notifications.
CREATE OR REPLACE FUNCTION agentloom_append_run_events(p_run_id uuid, p_tenant_id uuid, p_events jsonb, p_created_at timestamptz)
RETURNS integer AS $$
DECLARE
  v_count integer := jsonb_array_length(p_events);
  v_first integer;
BEGIN
  IF v_count = 0 THEN RETURN 0; END IF;
  UPDATE runs SET next_event_seq = next_event_seq + v_count WHERE id = p_run_id RETURNING next_event_seq - v_count INTO v_first;
  IF v_first IS NULL THEN RAISE EXCEPTION 'Run % does not exist', p_run_id; END IF;
  RETURN agentloom_insert_run_events(p_run_id, p_tenant_id, p_events, p_created_at, v_first);
END;
$$ LANGUAGE plpgsql;
