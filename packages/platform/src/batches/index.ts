export { BatchService } from './batch-service';
export { batchLimits, submitBatchInputSchema, type SubmitBatchInput } from './batch.schema';
export { batchExportFormats, type BatchExportFormat } from './batch-export';
export type { BatchItem, BatchProgress, BatchView } from './batch-view';
