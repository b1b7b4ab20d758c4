import { feedbackAggregateInputSchema, recordFeedbackInputSchema, runFeedbackInputSchema } from '@agentloom/platform';
import type { TRPCRouterRecord } from '@trpc/server';
import { operatorProcedure, viewerProcedure } from '~/server/trpc/procedures';

/** Outcomes and rewards (ADR 0051, 0058): anyone signed in reads them; operators and admins record them. */
export const feedbackRouter = {
  /** Every entry on the run (and its steps), oldest first. */
  listForRun: viewerProcedure.input(runFeedbackInputSchema).query(({ ctx, input }) => ctx.platform.feedback.listForRun(ctx.principal, input)),
  /** Appends an outcome label and/or reward to the run or one of its steps, as the signed-in key (source `console`). */
  record: operatorProcedure.input(recordFeedbackInputSchema).mutation(({ ctx, input }) => ctx.platform.feedback.record(ctx.principal, input)),
  /** Per agent version: entries, mean/min/max reward and label counts (scorer verdicts only when asked). */
  aggregate: viewerProcedure.input(feedbackAggregateInputSchema).query(({ ctx, input }) => ctx.platform.feedback.aggregateByVersion(ctx.principal, input)),
} satisfies TRPCRouterRecord;
