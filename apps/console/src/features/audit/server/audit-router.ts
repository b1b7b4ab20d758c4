import { listAuditInputSchema } from '@agentloom/platform';
import type { TRPCRouterRecord } from '@trpc/server';
import { adminProcedure } from '~/server/trpc/procedures';

export const auditRouter = {
  /** Newest first, filtered; `cursor` is the last entry id of the previous page. */
  list: adminProcedure.input(listAuditInputSchema).query(({ ctx, input }) => ctx.platform.audit.list(ctx.principal, input)),
  /** Actions and target types in use, for the filter pickers. */
  facets: adminProcedure.query(({ ctx }) => ctx.platform.audit.facets(ctx.principal)),
} satisfies TRPCRouterRecord;
