-- AlterTable
ALTER TABLE "tool_calls" ADD COLUMN     "output_bytes" INTEGER;
