import { usageSummaryInputSchema } from '@agentloom/platform';
import type { TRPCRouterRecord } from '@trpc/server';
import { viewerProcedure } from '~/server/trpc/procedures';

export const usageRouter = {
  /** Per agent and per day over [from, to) — the last 30 days unless given. */
  summary: viewerProcedure.input(usageSummaryInputSchema).query(({ ctx, input }) => ctx.platform.usage.summary(ctx.principal, input)),
} satisfies TRPCRouterRecord;
