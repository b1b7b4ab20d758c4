import { batchIdInputSchema, batchItemsInputSchema, listBatchesInputSchema, submitBatchInputSchema, submitBatchJsonlInputSchema } from '@agentloom/platform';
import type { TRPCRouterRecord } from '@trpc/server';
import { operatorProcedure, viewerProcedure } from '~/server/trpc/procedures';

/**
 * Batches (ADR 0049, 0056): viewers read, operators submit, cancel and retry; like the REST routes. The
 * export is REST only (`GET /api/v1/batches/{id}/export`, which the page downloads with its session):
 * it streams, where a tRPC answer would hold the whole file in the server's memory.
 */
export const batchesRouter = {
  list: viewerProcedure.input(listBatchesInputSchema).query(({ ctx, input }) => ctx.platform.batches.list(ctx.principal, input)),
  get: viewerProcedure.input(batchIdInputSchema).query(({ ctx, input }) => ctx.platform.batches.get(ctx.principal, input)),
  /** A page of items in index order with their current run (partial results while the batch runs). */
  items: viewerProcedure.input(batchItemsInputSchema).query(({ ctx, input }) => ctx.platform.batches.items(ctx.principal, input)),
  /** The console's form: items as JSONL text; a bad line is a 400 naming the line and its field. */
  createFromJsonl: operatorProcedure.input(submitBatchJsonlInputSchema).mutation(({ ctx, input }) => ctx.platform.batches.submitJsonl(ctx.principal, input)),
  create: operatorProcedure.input(submitBatchInputSchema).mutation(({ ctx, input }) => ctx.platform.batches.submit(ctx.principal, input)),
  cancel: operatorProcedure.input(batchIdInputSchema).mutation(({ ctx, input }) => ctx.platform.batches.cancel(ctx.principal, input)),
  retryFailed: operatorProcedure.input(batchIdInputSchema).mutation(({ ctx, input }) => ctx.platform.batches.retryFailed(ctx.principal, input)),
} satisfies TRPCRouterRecord;
