import { removeBudgetInputSchema, setBudgetInputSchema } from '@agentloom/platform';
import type { TRPCRouterRecord } from '@trpc/server';
import { adminProcedure, viewerProcedure } from '~/server/trpc/procedures';

/** Token and cost budgets of the tenant and its agents (ADR 0045): any role reads, admins set and remove. */
export const budgetsRouter = {
  /** Every budget with its usage in the current UTC day or month, and the tenant's usage today and this month. */
  overview: viewerProcedure.query(({ ctx }) => ctx.platform.budgets.overview(ctx.principal)),
  set: adminProcedure.input(setBudgetInputSchema).mutation(({ ctx, input }) => ctx.platform.budgets.set(ctx.principal, input)),
  remove: adminProcedure.input(removeBudgetInputSchema).mutation(({ ctx, input }) => ctx.platform.budgets.remove(ctx.principal, input)),
} satisfies TRPCRouterRecord;
