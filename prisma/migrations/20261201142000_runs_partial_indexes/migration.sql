-- Partial indexes on runs (ADR 0039). Every run transition (create, claim, step, finish) changes
-- an indexed column, so Postgres cannot update the row in place (no HOT update) and adds an entry
-- to every index whose predicate holds for the new row version. The queue, lease, episode, thread
-- and re-run indexes now hold only the rows their queries look for.
DROP INDEX "runs_status_queued_at_idx";
DROP INDEX "runs_status_lease_expires_at_idx";
DROP INDEX "runs_thread_id_created_at_idx";
DROP INDEX "runs_episode_pending_finished_at_idx";
DROP INDEX "runs_rerun_of_run_id_idx";

CREATE INDEX "runs_queued_idx" ON "runs"("queued_at", "id") WHERE status = 'queued';
CREATE INDEX "runs_running_lease_expires_at_idx" ON "runs"("lease_expires_at") WHERE status = 'running';
CREATE INDEX "runs_thread_id_created_at_idx" ON "runs"("thread_id", "created_at") WHERE thread_id IS NOT NULL;
CREATE INDEX "runs_episode_pending_finished_at_idx" ON "runs"("finished_at") WHERE episode_pending;
CREATE INDEX "runs_rerun_of_run_id_idx" ON "runs"("rerun_of_run_id") WHERE rerun_of_run_id IS NOT NULL;
