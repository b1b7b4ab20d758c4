export { BatchService } from './batch-service';
export {
  batchIdInputSchema,
  batchItemsInputSchema,
  batchLimits,
  exportBatchInputSchema,
  listBatchesInputSchema,
  submitBatchInputSchema,
  type SubmitBatchInput,
} from './batch.schema';
export { batchExportFormats, type BatchExportFormat } from './batch-export';
export type { BatchItem, BatchProgress, BatchView } from './batch-view';
