import { z } from 'zod';

import { createRunInputSchema } from '../runs/run.schema';
import { databaseIntegerSchema } from '../validation/database-integer.schema';

/**
 * Batch limits (ADR 0049), documented in the README's "Batches" section. 10,000 items is what one
 * multi-row insert writes in about a second; larger jobs are several batches. The concurrency cap
 * defaults low so a batch submitted without one cannot take a fleet's every slot.
 */
export const batchLimits = {
  maxItems: 10_000,
  defaultConcurrency: 10,
  maxConcurrency: 1_000,
} as const;

const itemInputSchema = createRunInputSchema.shape.input;

/**
 * An item is its run's input: a bare string, or `{ "input": "…" }` (the shape of a JSONL line). A
 * bare string is read as the object, so an error names the item and its field (`items.12.input`).
 */
export const batchItemSchema = z.preprocess((value) => (typeof value === 'string' ? { input: value } : value), z.object({ input: itemInputSchema }).strict());

export const submitBatchInputSchema = z.object({
  agentId: z.uuid(),
  /** Version number to pin; the agent's latest version when omitted. */
  agentVersion: databaseIntegerSchema.positive().optional(),
  name: z.string().trim().max(200).default(''),
  concurrency: z.number().int().min(1).max(batchLimits.maxConcurrency).default(batchLimits.defaultConcurrency),
  items: z
    .array(batchItemSchema)
    .min(1, 'a batch needs at least one item')
    .max(batchLimits.maxItems, `a batch holds at most ${batchLimits.maxItems} items`),
  /** Same key + same body → the same batch; same key + another body → conflict (ADR 0107). */
  idempotencyKey: z.string().min(1).max(200).optional(),
});
export type SubmitBatchInput = z.input<typeof submitBatchInputSchema>;

/** The console's upload: the items as JSONL text (1 MiB, the request body limit), read by `parseBatchLines`. */
export const submitBatchJsonlInputSchema = submitBatchInputSchema.omit({ items: true }).extend({ jsonl: z.string().min(1, 'upload or paste at least one line').max(1_048_576) });
export type SubmitBatchJsonlInput = z.input<typeof submitBatchJsonlInputSchema>;

export const batchIdInputSchema = z.object({ batchId: z.uuid() });

export const listBatchesInputSchema = z.object({
  agentId: z.uuid().optional(),
  limit: z.number().int().min(1).max(200).default(50),
});

export const batchItemsInputSchema = z.object({
  batchId: z.uuid(),
  /** Only items whose current run has this status. */
  status: z.enum(['queued', 'running', 'waiting_human', 'waiting', 'succeeded', 'failed', 'cancelled']).optional(),
  /** Item index after which the page starts. */
  after: databaseIntegerSchema.min(-1).default(-1),
  limit: z.number().int().min(1).max(1_000).default(100),
});

export const exportBatchInputSchema = z.object({ batchId: z.uuid(), format: z.enum(['jsonl', 'csv']).default('jsonl') });

/** The item's text. */
export function itemText(item: z.output<typeof batchItemSchema>): string {
  return item.input;
}
