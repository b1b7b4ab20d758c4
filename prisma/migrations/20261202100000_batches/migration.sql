-- Batches and fair claiming (ADR 0049).
--
-- A batch is N runs of one agent version submitted together; each run carries its batch and item
-- index. A retried item is a new run with the same index (and retry_of_run_id, ADR 0029), so an
-- item's current run is the one no other run retries.
CREATE TABLE "batches" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "agent_id" UUID NOT NULL,
    "agent_version_id" UUID NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "concurrency" INTEGER NOT NULL,
    "item_count" INTEGER NOT NULL,
    "created_by" TEXT,
    "cancelled_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "batches_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "batches_concurrency_check" CHECK ("concurrency" > 0)
);

CREATE INDEX "batches_tenant_id_created_at_idx" ON "batches"("tenant_id", "created_at");
-- The claim looks up open batches on every poll; settled ones leave this index.
CREATE INDEX "batches_open_idx" ON "batches"("tenant_id") WHERE cancelled_at IS NULL AND completed_at IS NULL;

ALTER TABLE "batches" ADD CONSTRAINT "batches_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "batches" ADD CONSTRAINT "batches_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "batches" ADD CONSTRAINT "batches_agent_version_id_fkey" FOREIGN KEY ("agent_version_id") REFERENCES "agent_versions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "runs" ADD COLUMN "batch_id" UUID;
ALTER TABLE "runs" ADD COLUMN "batch_item" INTEGER;
ALTER TABLE "runs" ADD CONSTRAINT "runs_batch_id_fkey" FOREIGN KEY ("batch_id") REFERENCES "batches"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Progress and export read a batch's runs by item; the claim counts a batch's running runs.
CREATE INDEX "runs_batch_id_batch_item_idx" ON "runs"("batch_id", "batch_item") WHERE batch_id IS NOT NULL;
-- The claim takes a batch's next queued items in item order, at most its free slots, without
-- walking the rest of a 10,000-item batch.
CREATE INDEX "runs_batch_queued_idx" ON "runs"("batch_id", "batch_item") WHERE status = 'queued' AND batch_id IS NOT NULL;
-- Interactive (non-batch) queued runs in queue order, so a claim never walks past batch items to
-- reach them (no starvation behind a large batch).
CREATE INDEX "runs_queued_unbatched_idx" ON "runs"("queued_at", "id") WHERE status = 'queued' AND batch_id IS NULL;

-- Concurrency limits: the most runs of a tenant / of an agent running at once; null = no limit.
ALTER TABLE "tenants" ADD COLUMN "max_running_runs" INTEGER;
ALTER TABLE "agents" ADD COLUMN "max_running_runs" INTEGER;
CREATE INDEX "tenants_max_running_runs_idx" ON "tenants"("id") WHERE max_running_runs IS NOT NULL;
CREATE INDEX "agents_max_running_runs_idx" ON "agents"("tenant_id") WHERE max_running_runs IS NOT NULL;

-- The claim's choice of runs (ADR 0049), called by the one claim statement (run-claims.ts).
--
-- Caps must hold across any number of executors. Under SKIP LOCKED two claimers could each count
-- N-1 running runs and each start one, so a claim that may start a capped run (its tenant has a
-- limit, one of its agents has one, or it has an open batch) first takes a transaction advisory
-- lock per such tenant (in key order: no deadlock between claimers), and only then counts running
-- runs. This is a VOLATILE function, so each query below takes a fresh snapshot: the counts see
-- every claim that committed before the lock was granted. Claims of tenants without caps take no
-- lock and never wait (the existing SKIP LOCKED behaviour). The lock is released at the claim
-- statement's commit, after its runs are visibly `running`.
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
  SELECT COALESCE(array_agg(scope.tenant ORDER BY scope.tenant), '{}') INTO locked FROM unnest(capped) AS scope(tenant)
   WHERE EXISTS (SELECT 1 FROM runs AS run WHERE run.tenant_id = scope.tenant AND run.status IN ('queued', 'waiting'));
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
$$ LANGUAGE plpgsql VOLATILE;
