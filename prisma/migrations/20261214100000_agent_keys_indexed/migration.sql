-- Every key a delete goes through has an index led by its column (ADR 0097, after ADR 0096).
--
-- Deleting an agent version (a tenant's erase deletes them all) checked `runs.agent_version_id` and
-- `runs.agent_id` with no index: one scan of every tenant's runs per version. A tenant of 10 agents with 50
-- versions each, beside 300,000 runs of other tenants, could not be erased: the transaction passed its 5 s
-- limit (at 17 s) and rolled back.
--
-- A run now references its version by (agent_version_id, agent_id), so a run's agent is its version's, and
-- one index on runs (agent_version_id) serves the check; the version's own key to its agent covers the rest.
-- The other keys an agent's, a version's or a tenant's delete cascades through get their index.

-- DropForeignKey
ALTER TABLE "runs" DROP CONSTRAINT "runs_agent_id_fkey";

-- DropForeignKey
ALTER TABLE "runs" DROP CONSTRAINT "runs_agent_version_id_fkey";

-- CreateIndex
CREATE UNIQUE INDEX "agent_versions_id_agent_id_key" ON "agent_versions"("id", "agent_id");

-- CreateIndex
CREATE INDEX "batches_agent_id_idx" ON "batches"("agent_id");

-- CreateIndex
CREATE INDEX "batches_agent_version_id_idx" ON "batches"("agent_version_id");

-- CreateIndex
CREATE INDEX "run_feedback_agent_version_id_idx" ON "run_feedback"("agent_version_id");

-- CreateIndex
CREATE INDEX "runs_agent_version_id_idx" ON "runs"("agent_version_id");

-- CreateIndex
CREATE INDEX "schedules_agent_id_idx" ON "schedules"("agent_id");

-- CreateIndex
CREATE INDEX "sessions_tenant_id_idx" ON "sessions"("tenant_id");

-- CreateIndex
CREATE INDEX "threads_agent_id_idx" ON "threads"("agent_id");

-- AddForeignKey
ALTER TABLE "runs" ADD CONSTRAINT "runs_agent_version_id_agent_id_fkey" FOREIGN KEY ("agent_version_id", "agent_id") REFERENCES "agent_versions"("id", "agent_id") ON DELETE NO ACTION ON UPDATE CASCADE;
