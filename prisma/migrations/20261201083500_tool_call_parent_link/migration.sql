-- AlterEnum
-- IF NOT EXISTS: another change may add the same status; either order applies cleanly.
ALTER TYPE "ToolCallStatus" ADD VALUE IF NOT EXISTS 'abandoned';

-- AlterTable
ALTER TABLE "tool_calls" ADD COLUMN     "child_instance_id" TEXT,
ADD COLUMN     "parent_tool_call_id" UUID,
ADD COLUMN     "sub_agent" TEXT;

-- CreateIndex
CREATE INDEX "tool_calls_parent_tool_call_id_idx" ON "tool_calls"("parent_tool_call_id");

-- AddForeignKey
ALTER TABLE "tool_calls" ADD CONSTRAINT "tool_calls_parent_tool_call_id_fkey" FOREIGN KEY ("parent_tool_call_id") REFERENCES "tool_calls"("id") ON DELETE CASCADE ON UPDATE CASCADE;
