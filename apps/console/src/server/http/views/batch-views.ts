import type { BatchItem, BatchView } from '@agentloom/platform';
import { z } from 'zod';

import { timestampSchema, viewRegistry } from './view-registry';

const batchProgressSchema = z
  .object({
    total: z.number().int(),
    queued: z.number().int(),
    running: z.number().int(),
    waiting: z.number().int().describe('Waiting for a human or a timer.'),
    succeeded: z.number().int(),
    failed: z.number().int(),
    cancelled: z.number().int(),
  })
  .describe("Items by their current run's status.");

export const batchSchema = z
  .object({
    id: z.string(),
    agentId: z.string(),
    agentVersion: z.number().int(),
    name: z.string(),
    concurrency: z.number().int().describe('The most of its runs running at once.'),
    status: z.enum(['running', 'completed', 'cancelled']),
    progress: batchProgressSchema,
    createdBy: z.string().nullable(),
    createdAt: timestampSchema,
    cancelledAt: timestampSchema.nullable(),
    completedAt: timestampSchema.nullable(),
  })
  .register(viewRegistry, { id: 'Batch', description: 'N inputs of one agent version run as a batch, at most `concurrency` at a time (ADR 0049).' });

export const batchItemSchema = z
  .object({
    item: z.number().int().describe('The item index (0-based, submission order).'),
    runId: z.string().describe("The item's current run (its latest retry)."),
    status: z.string(),
    input: z.string().nullable(),
    output: z.string().nullable().describe("The run's final text once it succeeded."),
    errorKind: z.string().nullable(),
    errorMessage: z.string().nullable(),
    attempts: z.number().int().describe('Runs this item has had (1 + its retries).'),
  })
  .register(viewRegistry, { id: 'BatchItem', description: 'One item of a batch with its current run.' });

// Fail to compile when the platform's views gain or lose a field these do not describe.
type SameKeys<A, B> = keyof A extends keyof B ? (keyof B extends keyof A ? true : never) : never;
export const batchSchemaCoversBatchView: SameKeys<BatchView, z.output<typeof batchSchema>> = true;
export const batchItemSchemaCoversBatchItem: SameKeys<BatchItem, z.output<typeof batchItemSchema>> = true;

export const batchListSchema = z.object({ batches: z.array(batchSchema) }).register(viewRegistry, { id: 'BatchList' });

export const batchItemPageSchema = z
  .object({ items: z.array(batchItemSchema), nextAfter: z.number().int().nullable().describe('Pass as `after` for the next page; null on the last page.') })
  .register(viewRegistry, { id: 'BatchItemPage' });

export const batchRetrySchema = z
  .object({ batch: batchSchema, retried: z.number().int().describe('Failed items given a new run.') })
  .register(viewRegistry, { id: 'BatchRetry' });
