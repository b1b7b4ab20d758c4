-- Fork links (ADR 0032): a fork is a new run starting from a source run's checkpoint at one step.

-- AlterTable
ALTER TABLE "runs" ADD COLUMN     "fork_of_run_id" UUID,
ADD COLUMN     "fork_step_index" INTEGER;

-- CreateIndex
CREATE INDEX "runs_fork_of_run_id_idx" ON "runs"("fork_of_run_id");

-- AddForeignKey
ALTER TABLE "runs" ADD CONSTRAINT "runs_fork_of_run_id_fkey" FOREIGN KEY ("fork_of_run_id") REFERENCES "runs"("id") ON DELETE SET NULL ON UPDATE CASCADE;
