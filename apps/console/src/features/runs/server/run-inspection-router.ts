import { getCheckpointInputSchema, listCheckpointsInputSchema, listRunStepsInputSchema, listToolCallsInputSchema } from '@agentloom/platform';
import type { TRPCRouterRecord } from '@trpc/server';
import { viewerProcedure } from '~/server/trpc/procedures';

/** Committed steps in index order, for the timeline. */
export const runStepsRouter = {
  list: viewerProcedure.input(listRunStepsInputSchema).query(({ ctx, input }) => ctx.platform.runSteps.list(ctx.principal, input)),
} satisfies TRPCRouterRecord;

/** The tool-call ledger of a run, with approval decisions. */
export const toolCallsRouter = {
  list: viewerProcedure.input(listToolCallsInputSchema).query(({ ctx, input }) => ctx.platform.toolCalls.list(ctx.principal, input)),
} satisfies TRPCRouterRecord;

/** Retained checkpoints: summaries in lists, one state (with the previous one) on demand. */
export const checkpointsRouter = {
  list: viewerProcedure.input(listCheckpointsInputSchema).query(({ ctx, input }) => ctx.platform.checkpoints.list(ctx.principal, input)),
  get: viewerProcedure.input(getCheckpointInputSchema).query(({ ctx, input }) => ctx.platform.checkpoints.get(ctx.principal, input)),
} satisfies TRPCRouterRecord;
