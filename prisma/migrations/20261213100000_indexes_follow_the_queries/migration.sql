-- Indexes follow the queries (ADR 0096).
--
-- A tool step writes a tool call, a step, its messages, a checkpoint and about ten events; every index on
-- those tables is paid on each of those writes. These indexes were read by no query: a tenant's steps and
-- checkpoints are read and erased through their runs, a tool call's idempotency key is `<instance>:<call>`
-- (unique by construction, never looked up), and nothing reads an event by a surrogate id. The parent and
-- step keys of a tool call stay indexed where they are set: a call is written before its step exists, and
-- most calls have no parent.
--
-- A cascading key without an index costs a scan of the whole child table per deleted parent row: erasing
-- one run of 1,000 steps beside 200,000 others took 12 s on steps.parent_step_id alone (35 ms with it).

-- DropIndex
DROP INDEX "checkpoints_tenant_id_idx";

-- DropIndex
DROP INDEX "steps_tenant_id_idx";

-- DropIndex
DROP INDEX "tool_calls_idempotency_key_key";

-- DropIndex
DROP INDEX "tool_calls_parent_tool_call_id_idx";

-- DropIndex
DROP INDEX "tool_calls_step_id_idx";

-- The unique (run_id, seq) index becomes the primary key as it is: no rebuild of the largest table's index.
ALTER TABLE "run_events" DROP CONSTRAINT "run_events_pkey";
ALTER TABLE "run_events" DROP COLUMN "id";
ALTER TABLE "run_events" ADD CONSTRAINT "run_events_pkey" PRIMARY KEY USING INDEX "run_events_run_id_seq_key";

-- CreateIndex
CREATE INDEX "memory_injections_step_id_idx" ON "memory_injections"("step_id");

-- CreateIndex
CREATE INDEX "memory_items_superseded_by_id_idx" ON "memory_items"("superseded_by_id") WHERE (superseded_by_id IS NOT NULL);

-- CreateIndex
CREATE INDEX "steps_parent_step_id_idx" ON "steps"("parent_step_id") WHERE (parent_step_id IS NOT NULL);

-- CreateIndex
CREATE INDEX "tool_calls_parent_tool_call_id_idx" ON "tool_calls"("parent_tool_call_id") WHERE (parent_tool_call_id IS NOT NULL);

-- CreateIndex
CREATE INDEX "tool_calls_step_id_idx" ON "tool_calls"("step_id") WHERE (step_id IS NOT NULL);
