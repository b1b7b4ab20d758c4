-- Notify only where someone listens (ADR 0038). A NOTIFY takes a database-wide lock from the
-- moment its transaction starts committing until the commit is durable, so notifying commits
-- serialize — WAL flush included — while plain commits share flushes (group commit). On PostgreSQL
-- 15 with 8 writers, adding a pg_notify to a one-row UPDATE cut 1,016 commits/s to 183 (bench/README).
-- Every run transition and step commit notified `agentloom_run_events` whether or not any process
-- was tailing the run. Processes that tail (the SSE hub: one run; tenant activity: every run of a
-- tenant) now register here and refresh their rows; writers notify only when a row matches.
-- UNLOGGED: these rows are process state, not data; a crash empties the table and the processes,
-- whose LISTEN connection reconnects, register again at once.
CREATE UNLOGGED TABLE "run_event_watchers" (
    "key" TEXT NOT NULL,
    "run_id" UUID,
    "tenant_id" UUID,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "run_event_watchers_pkey" PRIMARY KEY ("key")
);

CREATE INDEX "run_event_watchers_run_id_idx" ON "run_event_watchers"("run_id");
CREATE INDEX "run_event_watchers_tenant_id_idx" ON "run_event_watchers"("tenant_id");

-- True when a live watcher covers the run (its own row, or its tenant's).
CREATE OR REPLACE FUNCTION agentloom_run_watched(p_run_id uuid, p_tenant_id uuid) RETURNS boolean AS $$
  SELECT EXISTS (SELECT 1 FROM run_event_watchers WHERE run_id = p_run_id AND expires_at > now())
      OR EXISTS (SELECT 1 FROM run_event_watchers WHERE tenant_id = p_tenant_id AND expires_at > now());
$$ LANGUAGE sql STABLE;

-- As in 20261201121000_step_commit_functions, except that the run-events NOTIFY is sent only when
-- the run is watched, and names the tenant (`<run>:<seq>:<tenant>`, as the TypeScript statements do).
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
  IF agentloom_run_watched(p_run_id, p_tenant_id) THEN
    PERFORM pg_notify('agentloom_run_events', p_run_id::text || ':' || (v_first + v_count - 1) || ':' || p_tenant_id::text);
  END IF;
  RETURN v_first + v_count - 1;
END;
$$ LANGUAGE plpgsql;
