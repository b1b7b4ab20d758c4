import { batchItemsInputSchema, exportBatchInputSchema, listBatchesInputSchema, submitBatchInputSchema } from '@agentloom/platform';

import type { ApiOperation } from '../api-operation';
import { batchItemPageSchema, batchItemSchema, batchListSchema, batchRetrySchema, batchSchema } from '../../views/batch-views';

const tag = 'Batches';
const id = { id: 'The batch id (uuid).' };

/** Batches of runs with a concurrency cap, progress, cancel, retry of failed items and export (ADR 0049). */
export const batchesOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/api/v1/batches',
    operationId: 'listBatches',
    tag,
    summary: "List the tenant's batches",
    role: 'viewer',
    query: listBatchesInputSchema,
    success: { status: 200, description: '`{ batches }`, newest first, each with its progress.', schema: batchListSchema },
  },
  {
    method: 'post',
    path: '/api/v1/batches',
    operationId: 'createBatch',
    tag,
    summary: 'Submit a batch',
    description:
      '`items` are the runs’ inputs: strings or `{ "input": "…" }` (a JSONL line’s shape), 1–10,000 of them (the body is at most 1 MiB). Every item is validated first: a bad one is a 400 naming `items.<index>.input`, and nothing is written. `agentVersion` pins a version (default: the latest); `concurrency` (default 10, at most 1,000) is the most of the batch’s runs running at once, enforced by every executor’s claim. Audit-logged.',
    role: 'operator',
    headers: { 'Idempotency-Key': 'Retrying with the same key and body returns the first batch (200) and queues no runs; another body is a 409 on `idempotencyKey`.' },
    body: submitBatchInputSchema.omit({ idempotencyKey: true }),
    success: {
      status: 201,
      description: 'The batch, its items queued (`Location` names it).',
      schema: batchSchema,
      alsoStatuses: [{ status: 200, description: 'An `Idempotency-Key` replayed an earlier request: the batch it created, with its progress now.' }],
    },
    errors: [404, 409],
  },
  {
    method: 'get',
    path: '/api/v1/batches/{id}',
    operationId: 'getBatch',
    tag,
    summary: 'Read a batch and its progress',
    role: 'viewer',
    pathParameters: id,
    success: { status: 200, description: 'The batch.', schema: batchSchema },
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/v1/batches/{id}/items',
    operationId: 'listBatchItems',
    tag,
    summary: 'List a batch’s items with their current run',
    description: 'Items in index order; results of finished items are readable while the batch runs. Page with `after` (the last item index seen).',
    role: 'viewer',
    pathParameters: id,
    query: batchItemsInputSchema.omit({ batchId: true }),
    success: { status: 200, description: 'A page of items.', schema: batchItemPageSchema },
    errors: [404],
  },
  {
    method: 'post',
    path: '/api/v1/batches/{id}/cancel',
    operationId: 'cancelBatch',
    tag,
    summary: 'Cancel a batch',
    description: 'Queued items end `cancelled` at once; running and waiting ones are cancelled as a run cancel does; no claim starts another item. A second cancel is a 409. Audit-logged.',
    role: 'operator',
    pathParameters: id,
    success: { status: 200, description: 'The batch.', schema: batchSchema },
    errors: [404, 409],
  },
  {
    method: 'post',
    path: '/api/v1/batches/{id}/retry-failed',
    operationId: 'retryFailedBatchItems',
    tag,
    summary: 'Retry a batch’s failed items',
    description: 'A new queued run for every item whose current run failed, linked to it (`retryOfRunId`); the batch’s cap still holds. A cancelled batch is a 409. Audit-logged.',
    role: 'operator',
    pathParameters: id,
    success: { status: 200, description: 'The batch and how many items were retried.', schema: batchRetrySchema },
    errors: [404, 409],
  },
  {
    method: 'get',
    path: '/api/v1/batches/{id}/export',
    operationId: 'exportBatch',
    tag,
    summary: 'Export a batch’s results',
    description: 'Every item with its current run, as a download: JSONL (default) or CSV (`?format=csv`; a cell starting with = + - @ is prefixed with an apostrophe).',
    role: 'viewer',
    pathParameters: id,
    query: exportBatchInputSchema.omit({ batchId: true }),
    success: {
      status: 200,
      description: 'The items, in index order.',
      schema: batchItemSchema,
      lines: { 'application/x-ndjson': 'One BatchItem JSON object a line.', 'text/csv': 'A header line, then one line per item with the BatchItem fields as columns.' },
    },
    errors: [404],
  },
];
