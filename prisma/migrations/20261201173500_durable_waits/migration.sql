-- Durable waits (ADR 0044). `runs.wake_at` is when a `waiting` run becomes claimable again (the
-- earliest timer or event timeout, or now() once its event is delivered); the claim takes a
-- waiting run whose wake_at has passed exactly as it takes a queued run (FOR UPDATE SKIP LOCKED).
-- The partial index holds only waiting runs.
ALTER TABLE "runs" ADD COLUMN "wake_at" TIMESTAMPTZ(3);

CREATE INDEX "runs_waiting_wake_at_idx" ON "runs"("wake_at") WHERE status = 'waiting';

CREATE TYPE "RunWaitStatus" AS ENUM ('pending', 'delivered', 'completed', 'cancelled');

-- One row per waiting tool call. `wake_at` is the timer's end or the event's timeout (NULL waits
-- for the event forever); `payload` is the delivered event, the tool's result. A correlation key
-- names at most one pending wait per tenant, so a delivery finds exactly one run.
CREATE TABLE "run_waits" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "run_id" UUID NOT NULL,
    "call_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "status" "RunWaitStatus" NOT NULL DEFAULT 'pending',
    "correlation_key" TEXT,
    "wake_at" TIMESTAMPTZ(3),
    "payload" JSONB,
    "delivered_at" TIMESTAMPTZ(3),
    "delivered_by" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "run_waits_pkey" PRIMARY KEY ("id")
);

CREATE UNIQUE INDEX "run_waits_run_id_call_id_key" ON "run_waits"("run_id", "call_id");
CREATE UNIQUE INDEX "run_waits_pending_correlation_key" ON "run_waits"("tenant_id", "correlation_key") WHERE status = 'pending' AND correlation_key IS NOT NULL;

ALTER TABLE "run_waits" ADD CONSTRAINT "run_waits_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "run_waits" ADD CONSTRAINT "run_waits_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
