import { listAgentsInputSchema } from '@agentloom/platform';
import type { TRPCRouterRecord } from '@trpc/server';
import { viewerProcedure } from '~/server/trpc/procedures';

export const agentsRouter = {
  /** The tenant's agents with their latest version number. */
  list: viewerProcedure.input(listAgentsInputSchema).query(({ ctx, input }) => ctx.platform.agents.list(ctx.principal, input)),
} satisfies TRPCRouterRecord;
