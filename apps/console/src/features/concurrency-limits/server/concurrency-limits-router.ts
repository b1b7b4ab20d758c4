import { setConcurrencyLimitInputSchema } from '@agentloom/platform';
import type { TRPCRouterRecord } from '@trpc/server';
import { adminProcedure, viewerProcedure } from '~/server/trpc/procedures';

/** Tenant and agent concurrency limits the claim enforces (ADR 0056): any role reads, admins set. */
export const concurrencyLimitsRouter = {
  get: viewerProcedure.query(({ ctx }) => ctx.platform.concurrencyLimits.get(ctx.principal)),
  set: adminProcedure.input(setConcurrencyLimitInputSchema).mutation(({ ctx, input }) => ctx.platform.concurrencyLimits.set(ctx.principal, input)),
} satisfies TRPCRouterRecord;
