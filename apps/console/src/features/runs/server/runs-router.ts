import { compareRunsInputSchema, createRunInputSchema, forkRunInputSchema, listRunsInputSchema, rerunRunInputSchema, resumeBudgetPauseInputSchema, retryRunInputSchema, runIdInputSchema } from '@agentloom/platform';
import type { TRPCRouterRecord } from '@trpc/server';
import { operatorProcedure, viewerProcedure } from '~/server/trpc/procedures';

export const runsRouter = {
  /** Newest first, filtered by status, agent or thread; `cursor` is the last run id of the previous page. */
  list: viewerProcedure.input(listRunsInputSchema).query(({ ctx, input }) => ctx.platform.runs.list(ctx.principal, input)),
  get: viewerProcedure.input(runIdInputSchema).query(({ ctx, input }) => ctx.platform.runs.get(ctx.principal, input)),
  /** Queues a run; the same idempotency key with the same body returns the existing run. */
  create: operatorProcedure.input(createRunInputSchema).mutation(({ ctx, input }) => ctx.platform.runs.create(ctx.principal, input)),
  cancel: operatorProcedure.input(runIdInputSchema).mutation(({ ctx, input }) => ctx.platform.runs.cancel(ctx.principal, input)),
  /** Resumes a run paused by a spent budget (ADR 0057). */
  resumeBudgetPause: operatorProcedure.input(resumeBudgetPauseInputSchema).mutation(({ ctx, input }) => ctx.platform.runs.resumeBudgetPause(ctx.principal, input)),
  /** Two runs side by side: steps and tool calls aligned, usage difference right − left. */
  compare: viewerProcedure.input(compareRunsInputSchema).query(({ ctx, input }) => ctx.platform.runs.compare(ctx.principal, input)),
  /** A failed or cancelled run tried again as a new run; the existing retry when it was retried before (ADR 0029). */
  retry: operatorProcedure.input(retryRunInputSchema).mutation(({ ctx, input }) => ctx.platform.runs.retry(ctx.principal, input)),
  /** The run's input run again as a new run, on its version or `agentVersion` (ADR 0029). */
  rerun: operatorProcedure.input(rerunRunInputSchema).mutation(({ ctx, input }) => ctx.platform.runs.rerun(ctx.principal, input)),
  /** A new run from one step's checkpoint and transcript, optionally edited, on this or another version (ADR 0032). */
  fork: operatorProcedure.input(forkRunInputSchema).mutation(({ ctx, input }) => ctx.platform.runs.fork(ctx.principal, input)),
} satisfies TRPCRouterRecord;
