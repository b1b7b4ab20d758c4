import { decideApprovalInputSchema, listApprovalsInputSchema } from '@agentloom/platform';
import type { TRPCRouterRecord } from '@trpc/server';
import { operatorProcedure, viewerProcedure } from '~/server/trpc/procedures';

export const approvalsRouter = {
  /** Newest first, by status or run. */
  list: viewerProcedure.input(listApprovalsInputSchema).query(({ ctx, input }) => ctx.platform.approvals.list(ctx.principal, input)),
  pendingCount: viewerProcedure.query(({ ctx }) => ctx.platform.approvals.pendingCount(ctx.principal)),
  /** Approve, reject with a reason, or edit the arguments and approve; a lost race is a CONFLICT. */
  decide: operatorProcedure.input(decideApprovalInputSchema).mutation(({ ctx, input }) => ctx.platform.approvals.decide(ctx.principal, input)),
} satisfies TRPCRouterRecord;
