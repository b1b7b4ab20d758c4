import { removeModelPriceInputSchema, setModelPriceInputSchema } from '@agentloom/platform';
import type { TRPCRouterRecord } from '@trpc/server';
import { adminProcedure, viewerProcedure } from '~/server/trpc/procedures';

/** The tenant's model price table (ADR 0057): any role reads, admins set and remove prices. */
export const modelPricesRouter = {
  list: viewerProcedure.query(({ ctx }) => ctx.platform.modelPrices.list(ctx.principal)),
  set: adminProcedure.input(setModelPriceInputSchema).mutation(({ ctx, input }) => ctx.platform.modelPrices.set(ctx.principal, input)),
  remove: adminProcedure.input(removeModelPriceInputSchema).mutation(({ ctx, input }) => ctx.platform.modelPrices.remove(ctx.principal, input)),
} satisfies TRPCRouterRecord;
