import { deliverEventInputSchema, listRunWaitsInputSchema } from '@agentloom/platform';
import type { TRPCRouterRecord } from '@trpc/server';
import { operatorProcedure, viewerProcedure } from '~/server/trpc/procedures';

export const runWaitsRouter = {
  /** The run's durable waits (timers and events), oldest first. */
  list: viewerProcedure.input(listRunWaitsInputSchema).query(({ ctx, input }) => ctx.platform.waits.listForRun(ctx.principal, input)),
  /** Delivers an event to the run waiting for its correlation key; a second delivery is a CONFLICT. */
  deliver: operatorProcedure.input(deliverEventInputSchema).mutation(({ ctx, input }) => ctx.platform.waits.deliver(ctx.principal, input)),
} satisfies TRPCRouterRecord;
