import type { TRPCRouterRecord } from '@trpc/server';
import { listRunMessagesInputSchema } from '~/features/runs/runs.schema';
import { viewerProcedure } from '~/server/trpc/procedures';

export const runMessagesRouter = {
  /** The transcript in index order, a page at a time. */
  list: viewerProcedure
    .input(listRunMessagesInputSchema)
    .query(({ ctx, input }) => ctx.platform.runMessages.list(ctx.principal, { runId: input.runId, limit: input.limit, ...(input.cursor == null ? {} : { cursor: input.cursor }) })),
} satisfies TRPCRouterRecord;
