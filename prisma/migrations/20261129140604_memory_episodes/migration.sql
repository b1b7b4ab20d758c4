-- AlterTable
ALTER TABLE "runs" ADD COLUMN     "episode_pending" BOOLEAN NOT NULL DEFAULT false;

-- CreateIndex
CREATE INDEX "memory_items_source_run_id_idx" ON "memory_items"("source_run_id");

-- CreateIndex
CREATE INDEX "runs_episode_pending_finished_at_idx" ON "runs"("episode_pending", "finished_at");
