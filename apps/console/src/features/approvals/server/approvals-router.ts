import { decideApprovalInputSchema, decideApprovalsInputSchema, listApprovalsInputSchema } from '@agentloom/platform';
import type { TRPCRouterRecord } from '@trpc/server';
import { operatorProcedure, viewerProcedure } from '~/server/trpc/procedures';

export const approvalsRouter = {
  /** Newest first, by status (`decided`: any but pending) or run, each with its run's input excerpt, agent, version and thread. */
  list: viewerProcedure.input(listApprovalsInputSchema).query(({ ctx, input }) => ctx.platform.approvals.list(ctx.principal, input)),
  pendingCount: viewerProcedure.query(({ ctx }) => ctx.platform.approvals.pendingCount(ctx.principal)),
  /** Approve, reject with a reason, or edit the arguments and approve; a lost race is a CONFLICT. */
  decide: operatorProcedure.input(decideApprovalInputSchema).mutation(({ ctx, input }) => ctx.platform.approvals.decide(ctx.principal, input)),
  /** Approve or reject several, each as its own decision; answers one outcome per approval (a lost race is `refused`). */
  decideMany: operatorProcedure.input(decideApprovalsInputSchema).mutation(({ ctx, input }) => ctx.platform.approvals.decideMany(ctx.principal, input)),
} satisfies TRPCRouterRecord;
