-- Retry and re-run links (ADR 0029): a retry or re-run is a new run pointing at its origin.

-- AlterTable
ALTER TABLE "runs" ADD COLUMN     "rerun_of_run_id" UUID,
ADD COLUMN     "retry_of_run_id" UUID;

-- CreateIndex
CREATE UNIQUE INDEX "runs_retry_of_run_id_key" ON "runs"("retry_of_run_id");

-- CreateIndex
CREATE INDEX "runs_rerun_of_run_id_idx" ON "runs"("rerun_of_run_id");

-- AddForeignKey
ALTER TABLE "runs" ADD CONSTRAINT "runs_retry_of_run_id_fkey" FOREIGN KEY ("retry_of_run_id") REFERENCES "runs"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "runs" ADD CONSTRAINT "runs_rerun_of_run_id_fkey" FOREIGN KEY ("rerun_of_run_id") REFERENCES "runs"("id") ON DELETE SET NULL ON UPDATE CASCADE;
