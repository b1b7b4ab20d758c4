-- Update-aware memory (issue 13 item 5, ADR 0024): the post-run extraction job of a run and the
-- decisions it recorded. Both go with their run (erase, retention, tenant erase through the runs).
CREATE TYPE "MemoryExtractionStatus" AS ENUM ('pending', 'done', 'failed');
CREATE TYPE "MemoryDecisionEvent" AS ENUM ('add', 'update', 'delete', 'none');

CREATE TABLE "memory_extractions" (
    "run_id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "status" "MemoryExtractionStatus" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "model" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "memory_extractions_pkey" PRIMARY KEY ("run_id")
);

CREATE TABLE "memory_decisions" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "run_id" UUID NOT NULL,
    "event" "MemoryDecisionEvent" NOT NULL,
    "key" TEXT,
    "memory_item_id" UUID,
    "previous_item_id" UUID,
    "previous_expires_at" TIMESTAMPTZ(3),
    "reason" TEXT NOT NULL DEFAULT '',
    "undone_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "memory_decisions_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "memory_extractions_status_next_attempt_at_idx" ON "memory_extractions"("status", "next_attempt_at");
CREATE INDEX "memory_decisions_tenant_id_created_at_idx" ON "memory_decisions"("tenant_id", "created_at");
CREATE INDEX "memory_decisions_run_id_idx" ON "memory_decisions"("run_id");
CREATE INDEX "memory_decisions_memory_item_id_idx" ON "memory_decisions"("memory_item_id");
CREATE INDEX "memory_decisions_previous_item_id_idx" ON "memory_decisions"("previous_item_id");

ALTER TABLE "memory_extractions" ADD CONSTRAINT "memory_extractions_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "memory_decisions" ADD CONSTRAINT "memory_decisions_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "memory_decisions" ADD CONSTRAINT "memory_decisions_memory_item_id_fkey" FOREIGN KEY ("memory_item_id") REFERENCES "memory_items"("id") ON DELETE SET NULL ON UPDATE CASCADE;
ALTER TABLE "memory_decisions" ADD CONSTRAINT "memory_decisions_previous_item_id_fkey" FOREIGN KEY ("previous_item_id") REFERENCES "memory_items"("id") ON DELETE SET NULL ON UPDATE CASCADE;
