-- Each run's steps, messages, tool calls, checkpoints and events point at the run by (run_id, tenant_id):
-- one key check per row instead of two (run, tenant), and a row's tenant must be its run's (ADR 0095).
-- The unique index is the keys' target; it comes first.

-- CreateIndex
CREATE UNIQUE INDEX "runs_id_tenant_id_key" ON "runs"("id", "tenant_id");

-- DropForeignKey
ALTER TABLE "checkpoints" DROP CONSTRAINT "checkpoints_run_id_fkey";

-- DropForeignKey
ALTER TABLE "checkpoints" DROP CONSTRAINT "checkpoints_tenant_id_fkey";

-- DropForeignKey
ALTER TABLE "messages" DROP CONSTRAINT "messages_run_id_fkey";

-- DropForeignKey
ALTER TABLE "messages" DROP CONSTRAINT "messages_tenant_id_fkey";

-- DropForeignKey
ALTER TABLE "run_events" DROP CONSTRAINT "run_events_run_id_fkey";

-- DropForeignKey
ALTER TABLE "run_events" DROP CONSTRAINT "run_events_tenant_id_fkey";

-- DropForeignKey
ALTER TABLE "steps" DROP CONSTRAINT "steps_run_id_fkey";

-- DropForeignKey
ALTER TABLE "steps" DROP CONSTRAINT "steps_tenant_id_fkey";

-- DropForeignKey
ALTER TABLE "tool_calls" DROP CONSTRAINT "tool_calls_run_id_fkey";

-- DropForeignKey
ALTER TABLE "tool_calls" DROP CONSTRAINT "tool_calls_tenant_id_fkey";

-- AddForeignKey
ALTER TABLE "steps" ADD CONSTRAINT "steps_run_id_tenant_id_fkey" FOREIGN KEY ("run_id", "tenant_id") REFERENCES "runs"("id", "tenant_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "messages" ADD CONSTRAINT "messages_run_id_tenant_id_fkey" FOREIGN KEY ("run_id", "tenant_id") REFERENCES "runs"("id", "tenant_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tool_calls" ADD CONSTRAINT "tool_calls_run_id_tenant_id_fkey" FOREIGN KEY ("run_id", "tenant_id") REFERENCES "runs"("id", "tenant_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "checkpoints" ADD CONSTRAINT "checkpoints_run_id_tenant_id_fkey" FOREIGN KEY ("run_id", "tenant_id") REFERENCES "runs"("id", "tenant_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "run_events" ADD CONSTRAINT "run_events_run_id_tenant_id_fkey" FOREIGN KEY ("run_id", "tenant_id") REFERENCES "runs"("id", "tenant_id") ON DELETE CASCADE ON UPDATE CASCADE;

