-- Regression replay and evaluations (issue 17, ADR 0048): datasets of replayable cases recorded from runs,
-- experiments replaying a dataset against an agent version, and one scored result per case and experiment.
-- CreateTable
CREATE TABLE "eval_datasets" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "version" INTEGER NOT NULL DEFAULT 1,
    "unmatched_tool_policy" TEXT NOT NULL DEFAULT 'fail',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "eval_datasets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "eval_cases" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "dataset_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "added_in_version" INTEGER NOT NULL,
    "source_run_id" UUID,
    "input" TEXT NOT NULL,
    "thread_context" JSONB NOT NULL DEFAULT '[]',
    "memory_injections" JSONB NOT NULL DEFAULT '[]',
    "tool_results" JSONB NOT NULL DEFAULT '[]',
    "transcript" JSONB NOT NULL DEFAULT '[]',
    "recorded_metrics" JSONB NOT NULL DEFAULT '{}',
    "final_output" TEXT,
    "expected_output" TEXT,
    "labels" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "eval_cases_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "eval_experiments" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "dataset_id" UUID NOT NULL,
    "dataset_version" INTEGER NOT NULL,
    "agent_version_id" UUID NOT NULL,
    "agent_version" INTEGER NOT NULL,
    "baseline_experiment_id" UUID,
    "model_mode" TEXT NOT NULL,
    "scorers" JSONB NOT NULL DEFAULT '[]',
    "status" TEXT NOT NULL DEFAULT 'running',
    "summary" JSONB,
    "created_by" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "eval_experiments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "eval_results" (
    "id" UUID NOT NULL,
    "tenant_id" UUID NOT NULL,
    "experiment_id" UUID NOT NULL,
    "case_id" UUID NOT NULL,
    "run_id" UUID NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'running',
    "scores" JSONB NOT NULL DEFAULT '[]',
    "deltas" JSONB NOT NULL DEFAULT '{}',
    "first_divergent_call" INTEGER,
    "first_divergent_step" INTEGER,
    "regression" BOOLEAN NOT NULL DEFAULT false,
    "failure_reason" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "scored_at" TIMESTAMPTZ(3),

    CONSTRAINT "eval_results_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "eval_datasets_tenant_id_name_key" ON "eval_datasets"("tenant_id", "name");

-- CreateIndex
CREATE INDEX "eval_cases_source_run_id_idx" ON "eval_cases"("source_run_id");

-- CreateIndex
CREATE INDEX "eval_cases_tenant_id_idx" ON "eval_cases"("tenant_id");

-- CreateIndex
CREATE UNIQUE INDEX "eval_cases_dataset_id_position_key" ON "eval_cases"("dataset_id", "position");

-- CreateIndex
CREATE INDEX "eval_experiments_tenant_id_created_at_idx" ON "eval_experiments"("tenant_id", "created_at");

-- CreateIndex
CREATE INDEX "eval_experiments_dataset_id_idx" ON "eval_experiments"("dataset_id");

-- CreateIndex
CREATE INDEX "eval_experiments_agent_version_id_idx" ON "eval_experiments"("agent_version_id");

-- CreateIndex
CREATE INDEX "eval_experiments_baseline_experiment_id_idx" ON "eval_experiments"("baseline_experiment_id");

-- CreateIndex
CREATE UNIQUE INDEX "eval_results_run_id_key" ON "eval_results"("run_id");

-- CreateIndex
CREATE INDEX "eval_results_case_id_idx" ON "eval_results"("case_id");

-- CreateIndex
CREATE INDEX "eval_results_tenant_id_idx" ON "eval_results"("tenant_id");

-- CreateIndex
CREATE UNIQUE INDEX "eval_results_experiment_id_case_id_key" ON "eval_results"("experiment_id", "case_id");

-- AddForeignKey
ALTER TABLE "eval_datasets" ADD CONSTRAINT "eval_datasets_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "eval_cases" ADD CONSTRAINT "eval_cases_dataset_id_fkey" FOREIGN KEY ("dataset_id") REFERENCES "eval_datasets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "eval_cases" ADD CONSTRAINT "eval_cases_source_run_id_fkey" FOREIGN KEY ("source_run_id") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "eval_experiments" ADD CONSTRAINT "eval_experiments_tenant_id_fkey" FOREIGN KEY ("tenant_id") REFERENCES "tenants"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "eval_experiments" ADD CONSTRAINT "eval_experiments_dataset_id_fkey" FOREIGN KEY ("dataset_id") REFERENCES "eval_datasets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "eval_experiments" ADD CONSTRAINT "eval_experiments_agent_version_id_fkey" FOREIGN KEY ("agent_version_id") REFERENCES "agent_versions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "eval_experiments" ADD CONSTRAINT "eval_experiments_baseline_experiment_id_fkey" FOREIGN KEY ("baseline_experiment_id") REFERENCES "eval_experiments"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "eval_results" ADD CONSTRAINT "eval_results_experiment_id_fkey" FOREIGN KEY ("experiment_id") REFERENCES "eval_experiments"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "eval_results" ADD CONSTRAINT "eval_results_case_id_fkey" FOREIGN KEY ("case_id") REFERENCES "eval_cases"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "eval_results" ADD CONSTRAINT "eval_results_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;
