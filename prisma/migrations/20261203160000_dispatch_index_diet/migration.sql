-- Fewer index entries per run on the dispatch path (issue 12, ADR 0062). A run's create, claim and
-- finish each write a run row version (status is indexed, so no update is HOT) and a run_events row;
-- each version enters every total index of `runs`, and every event every index of `run_events`.
-- Three total indexes of `runs` held a NULL entry for nearly every version: most runs are no fork,
-- no retry and carry no idempotency key. Partial, they hold only rows a lookup can find (a lookup
-- by value implies `IS NOT NULL`; NULLs never conflicted in a unique index, so uniqueness is
-- unchanged). `run_events (tenant_id, created_at)` served no query.
DROP INDEX "runs_fork_of_run_id_idx";
CREATE INDEX "runs_fork_of_run_id_idx" ON "runs"("fork_of_run_id") WHERE fork_of_run_id IS NOT NULL;

DROP INDEX "runs_retry_of_run_id_key";
CREATE UNIQUE INDEX "runs_retry_of_run_id_key" ON "runs"("retry_of_run_id") WHERE retry_of_run_id IS NOT NULL;

DROP INDEX "runs_tenant_id_idempotency_key_key";
CREATE UNIQUE INDEX "runs_tenant_id_idempotency_key_key" ON "runs"("tenant_id", "idempotency_key") WHERE idempotency_key IS NOT NULL;

DROP INDEX "run_events_tenant_id_created_at_idx";
