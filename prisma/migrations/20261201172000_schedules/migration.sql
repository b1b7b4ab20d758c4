-- Schedules (ADR 0043): cron and interval schedules that create runs, fired once per slot by any
-- number of schedulers claiming due rows with FOR UPDATE SKIP LOCKED.

-- CreateTable
CREATE TABLE "schedules" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "agent_id" UUID NOT NULL,
    "agent_version" INTEGER,
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "cron_expression" TEXT,
    "interval_seconds" INTEGER,
    "time_zone" TEXT NOT NULL DEFAULT 'UTC',
    "input_template" TEXT NOT NULL,
    "overlap_policy" TEXT NOT NULL,
    "catch_up_policy" TEXT NOT NULL,
    "catch_up_limit" INTEGER NOT NULL DEFAULT 10,
    "anchor_at" TIMESTAMPTZ(3) NOT NULL,
    "next_fire_at" TIMESTAMPTZ(3) NOT NULL,
    "paused_at" TIMESTAMPTZ(3),
    "last_fired_at" TIMESTAMPTZ(3),
    "last_slot_at" TIMESTAMPTZ(3),
    "last_run_id" UUID,
    "fired_count" INTEGER NOT NULL DEFAULT 0,
    "skipped_count" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "schedules_pkey" PRIMARY KEY ("id")
);

-- AlterTable
ALTER TABLE "runs" ADD COLUMN     "schedule_id" UUID,
ADD COLUMN     "schedule_slot" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "schedules_tenant_id_created_at_idx" ON "schedules"("tenant_id", "created_at");

-- CreateIndex
CREATE INDEX "schedules_due_idx" ON "schedules"("next_fire_at") WHERE paused_at IS NULL;

-- CreateIndex
CREATE INDEX "runs_schedule_id_status_idx" ON "runs"("schedule_id", "status") WHERE schedule_id IS NOT NULL;

-- AddForeignKey
ALTER TABLE "runs" ADD CONSTRAINT "runs_schedule_id_fkey" FOREIGN KEY ("schedule_id") REFERENCES "schedules"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_agent_id_fkey" FOREIGN KEY ("agent_id") REFERENCES "agents"("id") ON DELETE CASCADE ON UPDATE CASCADE;
