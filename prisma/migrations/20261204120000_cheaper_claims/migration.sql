-- The claim, cheaper per call (issue 12, ADR 0066).
--
-- 1. The row estimate. The claim statement (run-claims.ts) joins the runs agentloom_claimable_runs
--    picked back to `runs` to update them. A set-returning function is estimated at 1,000 rows
--    unless it says otherwise, and against a `runs` table of a few thousand rows the planner chose a
--    hash join over a sequential scan of the whole table for every claim. The function returns at
--    most p_limit rows (an executor's free slots), so it now says ROWS 8: the join is a nested loop
--    of primary-key lookups whatever the table's size.
-- 2. The common case skips what cannot apply. Every statement of a PL/pgSQL function that has a
--    parameter is planned afresh on each call while its custom plan looks cheaper than the generic
--    one (a LIMIT p_limit always does), and this function costed 1.3 ms of backend CPU per call with
--    nothing to claim (0.4 ms with generic plans). Unchanged in what it returns:
--    - no capped tenant at all: the tenant-lock query is skipped (it could only find none);
--    - no durable wait due: the waiting-runs query is skipped, behind a check without parameters
--      (planned once per session);
--    - no capped tenant with claimable work: the picks are returned oldest first without the
--      per-scope ranking, which would keep every one of them.
--    Backend CPU with an empty queue: 1.26 → 0.38 ms per call (bench/README, "After ADR 0066").
CREATE OR REPLACE FUNCTION agentloom_claimable_runs(p_limit integer, p_tools jsonb)
RETURNS TABLE (id uuid, woke boolean, due_at timestamptz) AS $$
#variable_conflict use_column
DECLARE
  capped uuid[];
  locked uuid[];
  full_tenants uuid[];
  full_agents uuid[];
  open_batches uuid[];
  batch_rooms integer[];
  picked uuid[];
  more uuid[];
  lock_key integer;
  i integer;
BEGIN
  -- Tenants any cap applies to.
  SELECT COALESCE(array_agg(DISTINCT scope.tenant_id), '{}') INTO capped FROM (
    SELECT tenant.id AS tenant_id FROM tenants AS tenant WHERE tenant.max_running_runs IS NOT NULL
    UNION ALL SELECT agent.tenant_id FROM agents AS agent WHERE agent.max_running_runs IS NOT NULL
    UNION ALL SELECT batch.tenant_id FROM batches AS batch WHERE batch.cancelled_at IS NULL AND batch.completed_at IS NULL
  ) AS scope;

  -- Of those, the ones with claimable work now: only these are locked and may have runs claimed.
  IF cardinality(capped) > 0 THEN
    SELECT COALESCE(array_agg(scope.tenant ORDER BY scope.tenant), '{}') INTO locked FROM unnest(capped) AS scope(tenant)
     WHERE EXISTS (SELECT 1 FROM runs AS run WHERE run.tenant_id = scope.tenant AND run.status IN ('queued', 'waiting'));
  ELSE
    locked := '{}';
  END IF;
  FOR lock_key IN SELECT DISTINCT hashtext(scope.tenant::text) AS key FROM unnest(locked) AS scope(tenant) ORDER BY key LOOP
    PERFORM pg_advisory_xact_lock(4049, lock_key);
  END LOOP;

  -- Counted after the locks (a fresh snapshot): scopes already at their cap, and each open batch's free slots.
  IF cardinality(locked) > 0 THEN
    SELECT COALESCE(array_agg(tenant.id), '{}') INTO full_tenants FROM tenants AS tenant
     WHERE tenant.id = ANY(locked) AND tenant.max_running_runs IS NOT NULL
       AND (SELECT count(*) FROM runs AS run WHERE run.tenant_id = tenant.id AND run.status = 'running') >= tenant.max_running_runs;
    SELECT COALESCE(array_agg(agent.id), '{}') INTO full_agents FROM agents AS agent
     WHERE agent.tenant_id = ANY(locked) AND agent.max_running_runs IS NOT NULL
       AND (SELECT count(*) FROM runs AS run WHERE run.agent_id = agent.id AND run.status = 'running') >= agent.max_running_runs;
    SELECT COALESCE(array_agg(room.batch_id), '{}'), COALESCE(array_agg(room.free), '{}') INTO open_batches, batch_rooms FROM (
      SELECT batch.id AS batch_id, batch.concurrency - (SELECT count(*) FROM runs AS run WHERE run.batch_id = batch.id AND run.status = 'running')::integer AS free
        FROM batches AS batch
       WHERE batch.tenant_id = ANY(locked) AND batch.cancelled_at IS NULL AND batch.completed_at IS NULL
    ) AS room WHERE room.free > 0;
  ELSE
    full_tenants := '{}'; full_agents := '{}'; open_batches := '{}'; batch_rooms := '{}';
  END IF;

  -- Interactive queued runs, oldest first, locked as the single-statement claim always did.
  SELECT COALESCE(array_agg(candidate.id), '{}') INTO picked FROM (
    SELECT run.id FROM runs AS run JOIN agent_versions AS version ON version.id = run.agent_version_id
     WHERE run.status = 'queued' AND run.batch_id IS NULL AND run.cancel_requested_at IS NULL
       AND NOT EXISTS (SELECT 1 FROM tenants AS tenant WHERE tenant.id = run.tenant_id AND tenant.suspended_at IS NOT NULL)
       AND (p_tools IS NULL OR COALESCE(version.config -> 'tools', '[]'::jsonb) <@ p_tools)
       AND (run.tenant_id <> ALL(capped) OR run.tenant_id = ANY(locked))
       AND run.tenant_id <> ALL(full_tenants) AND run.agent_id <> ALL(full_agents)
     ORDER BY run.queued_at, run.id LIMIT p_limit FOR UPDATE OF run SKIP LOCKED
  ) AS candidate;

  -- Runs whose durable wait is due (ADR 0044), batch items among them only while their batch has room.
  -- Looked for only when one is due: this check has no parameter, so it is planned once per session.
  IF EXISTS (SELECT 1 FROM runs AS run WHERE run.status = 'waiting' AND run.wake_at <= now()) THEN
  SELECT COALESCE(array_agg(candidate.id), '{}') INTO more FROM (
    SELECT run.id FROM runs AS run JOIN agent_versions AS version ON version.id = run.agent_version_id
     WHERE run.status = 'waiting' AND run.wake_at <= now() AND run.cancel_requested_at IS NULL
       AND NOT EXISTS (SELECT 1 FROM tenants AS tenant WHERE tenant.id = run.tenant_id AND tenant.suspended_at IS NOT NULL)
       AND (p_tools IS NULL OR COALESCE(version.config -> 'tools', '[]'::jsonb) <@ p_tools)
       AND (run.tenant_id <> ALL(capped) OR run.tenant_id = ANY(locked))
       AND run.tenant_id <> ALL(full_tenants) AND run.agent_id <> ALL(full_agents)
       AND (run.batch_id IS NULL OR run.batch_id = ANY(open_batches))
     ORDER BY run.wake_at, run.id LIMIT p_limit FOR UPDATE OF run SKIP LOCKED
  ) AS candidate;
  picked := picked || more;
  END IF;

  -- Each open batch's next queued items, at most its free slots.
  FOR i IN 1 .. COALESCE(cardinality(open_batches), 0) LOOP
    SELECT COALESCE(array_agg(candidate.id), '{}') INTO more FROM (
      SELECT run.id FROM runs AS run JOIN agent_versions AS version ON version.id = run.agent_version_id
       WHERE run.batch_id = open_batches[i] AND run.status = 'queued' AND run.cancel_requested_at IS NULL
         AND NOT EXISTS (SELECT 1 FROM tenants AS tenant WHERE tenant.id = run.tenant_id AND tenant.suspended_at IS NOT NULL)
         AND (p_tools IS NULL OR COALESCE(version.config -> 'tools', '[]'::jsonb) <@ p_tools)
         AND run.tenant_id <> ALL(full_tenants) AND run.agent_id <> ALL(full_agents)
       ORDER BY run.batch_item, run.id LIMIT LEAST(batch_rooms[i], p_limit) FOR UPDATE OF run SKIP LOCKED
    ) AS candidate;
    picked := picked || more;
  END LOOP;

  -- No capped tenant has claimable work (the common case): no scope limits the picks, so the ranking
  -- below would keep every one of them; oldest first, at most p_limit.
  IF cardinality(locked) = 0 THEN
    RETURN QUERY
    SELECT run.id, run.status = 'waiting', run.wake_at FROM runs AS run WHERE run.id = ANY(picked)
     ORDER BY CASE WHEN run.status = 'waiting' THEN run.wake_at ELSE run.queued_at END, run.id
     LIMIT p_limit;
    RETURN;
  END IF;

  -- Oldest first, at most p_limit; in a capped tenant, no scope gets more than its free slots
  -- (ranked within the tenant, the agent and the batch: conservative, never over a cap). Rows
  -- locked above but not returned stay queued; the lock ends with the statement.
  RETURN QUERY
  WITH candidate AS (
    SELECT run.id, run.tenant_id, run.agent_id, run.batch_id, run.queued_at, run.status = 'waiting' AS woke, run.wake_at,
           CASE WHEN run.status = 'waiting' THEN run.wake_at ELSE run.queued_at END AS due
      FROM runs AS run WHERE run.id = ANY(picked)
  ), ranked AS (
    SELECT candidate.*,
           row_number() OVER (PARTITION BY candidate.tenant_id ORDER BY candidate.due, candidate.id) AS tenant_rank,
           row_number() OVER (PARTITION BY candidate.agent_id ORDER BY candidate.due, candidate.id) AS agent_rank,
           row_number() OVER (PARTITION BY candidate.batch_id ORDER BY candidate.due, candidate.id) AS batch_rank
      FROM candidate
  )
  SELECT ranked.id, ranked.woke, ranked.wake_at FROM ranked
   WHERE ranked.tenant_id <> ALL(locked) OR (
         ranked.tenant_rank <= COALESCE((SELECT tenant.max_running_runs - (SELECT count(*) FROM runs AS run WHERE run.tenant_id = tenant.id AND run.status = 'running')
                                           FROM tenants AS tenant WHERE tenant.id = ranked.tenant_id AND tenant.max_running_runs IS NOT NULL), ranked.tenant_rank)
     AND ranked.agent_rank <= COALESCE((SELECT agent.max_running_runs - (SELECT count(*) FROM runs AS run WHERE run.agent_id = agent.id AND run.status = 'running')
                                           FROM agents AS agent WHERE agent.id = ranked.agent_id AND agent.max_running_runs IS NOT NULL), ranked.agent_rank)
     AND (ranked.batch_id IS NULL OR ranked.batch_rank <= COALESCE(batch_rooms[array_position(open_batches, ranked.batch_id)], 0)))
   ORDER BY ranked.due, ranked.id
   LIMIT p_limit;
END;
$$ LANGUAGE plpgsql VOLATILE ROWS 8;
