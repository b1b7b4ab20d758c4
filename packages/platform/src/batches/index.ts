export { BatchService, type SubmittedBatch } from './batch-service';
export {
  batchIdInputSchema,
  batchItemsInputSchema,
  batchLimits,
  exportBatchInputSchema,
  listBatchesInputSchema,
  submitBatchInputSchema,
  submitBatchJsonlInputSchema,
  type SubmitBatchInput,
  type SubmitBatchJsonlInput,
} from './batch.schema';
export { batchExportFormats, type BatchExportFormat } from './batch-export';
export type { BatchItem, BatchProgress, BatchView } from './batch-view';
export { describeBatchLineError, parseBatchLines, type BatchLineError, type ParsedBatchLines } from './batch-jsonl';
