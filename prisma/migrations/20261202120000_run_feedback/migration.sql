-- Outcomes and rewards on runs (issue 17 item 5, ADR 0051): append-only feedback rows from operators,
-- API clients and scorers; cases carry their source run's feedback when they are recorded.
-- CreateTable
CREATE TABLE "run_feedback" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "run_id" UUID,
    "agent_id" UUID NOT NULL,
    "agent_version_id" UUID NOT NULL,
    "step_index" INTEGER,
    "label" TEXT,
    "reward" DOUBLE PRECISION,
    "comment" TEXT NOT NULL DEFAULT '',
    "source" TEXT NOT NULL,
    "actor_type" TEXT NOT NULL,
    "actor_id" TEXT NOT NULL,
    "actor_name" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "run_feedback_pkey" PRIMARY KEY ("id")
);

-- AlterTable
ALTER TABLE "eval_cases" ADD COLUMN     "feedback" JSONB NOT NULL DEFAULT '[]';

-- CreateIndex
CREATE INDEX "run_feedback_run_id_created_at_idx" ON "run_feedback"("run_id", "created_at");

-- CreateIndex
CREATE INDEX "run_feedback_tenant_id_agent_version_id_idx" ON "run_feedback"("tenant_id", "agent_version_id");

-- AddForeignKey
ALTER TABLE "run_feedback" ADD CONSTRAINT "run_feedback_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "run_feedback" ADD CONSTRAINT "run_feedback_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "runs"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "run_feedback" ADD CONSTRAINT "run_feedback_agent_version_id_fkey" FOREIGN KEY ("agent_version_id") REFERENCES "agent_versions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
