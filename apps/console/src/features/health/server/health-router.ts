import type { TRPCRouterRecord } from '@trpc/server';
import { viewerProcedure } from '~/server/trpc/procedures';

export const healthRouter = {
  /** Database mode, migrations, pgvector and versions, checked now. */
  report: viewerProcedure.query(({ ctx }) => ctx.platform.health.report()),
} satisfies TRPCRouterRecord;
