import { pathSegment } from '../path-segment.ts';
import type { Transport } from '../transport.ts';
import type { Batch, BatchItemPage, BatchList, BatchRetry, SubmitBatchInput } from '../types.ts';

const batchPath = (batchId: string) => `/api/v1/batches/${pathSegment('batchId', batchId)}`;

/** Batches: N inputs of one agent run at most `concurrency` at a time, with progress, cancel, retry and export. */
export function batchesResource(transport: Transport) {
  return {
    /**
     * Validated whole first: a bad item is a 400 naming `items.<index>.input`, and nothing is written.
     * With `idempotencyKey`, submitting the same input again returns the first batch instead of
     * queuing its runs twice; the same key with other input is a 409.
     */
    submit({ idempotencyKey, ...body }: SubmitBatchInput & { idempotencyKey?: string }): Promise<Batch> {
      return transport.json('POST', '/api/v1/batches', { body, ...(idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {}) });
    },
    async get(batchId: string): Promise<Batch> {
      return transport.json('GET', batchPath(batchId));
    },
    list(input: { agentId?: string; limit?: number } = {}): Promise<BatchList> {
      return transport.json('GET', '/api/v1/batches', { query: { ...input } });
    },
    /** Items in index order with their current run; pass `nextAfter` as `after` for the next page. */
    async items(batchId: string, input: { status?: string; after?: number; limit?: number } = {}): Promise<BatchItemPage> {
      return transport.json('GET', `${batchPath(batchId)}/items`, { query: { ...input } });
    },
    async cancel(batchId: string): Promise<Batch> {
      return transport.json('POST', `${batchPath(batchId)}/cancel`);
    },
    /** A new run for every item whose current run failed. */
    async retryFailed(batchId: string): Promise<BatchRetry> {
      return transport.json('POST', `${batchPath(batchId)}/retry-failed`);
    },
    /** Every item with its current run, as JSONL (one BatchItem a line) or CSV text. */
    async export(batchId: string, format: 'jsonl' | 'csv' = 'jsonl'): Promise<string> {
      const response = await transport.send('GET', `${batchPath(batchId)}/export`, { query: { format }, headers: { Accept: format === 'csv' ? 'text/csv' : 'application/x-ndjson' } });
      return response.text();
    },
  };
}
