-- AlterTable
ALTER TABLE "messages" ADD COLUMN     "source_run_ids" UUID[] DEFAULT ARRAY[]::UUID[];

-- CreateIndex
CREATE INDEX "messages_source_run_ids_idx" ON "messages" USING GIN ("source_run_ids");
