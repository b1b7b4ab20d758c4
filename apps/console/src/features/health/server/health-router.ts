import type { TRPCRouterRecord } from '@trpc/server';
import { healthReportFor } from '~/server/http/health-access';
import { viewerProcedure } from '~/server/trpc/procedures';

export const healthRouter = {
  /**
   * Database mode, migrations, pgvector and versions, checked now: for admins. Every other role gets
   * the status alone, as from `/api/health` (ADR 0007); the console renders either.
   */
  report: viewerProcedure.query(async ({ ctx }) => healthReportFor(await ctx.platform.health.report(), ctx.principal.role)),
} satisfies TRPCRouterRecord;
