import { createExperimentInputSchema, experimentIdInputSchema } from '@agentloom/platform';
import type { TRPCRouterRecord } from '@trpc/server';
import { operatorProcedure, viewerProcedure } from '~/server/trpc/procedures';

/** Experiments: a dataset replayed against an agent version on the executor, scored per case (ADR 0048). */
export const experimentsRouter = {
  /** The experiment with its per-case results; replays finished since the last read are scored first. */
  get: viewerProcedure.input(experimentIdInputSchema).query(({ ctx, input }) => ctx.platform.experiments.get(ctx.principal, input)),
  /** Queues one replay run per case of the dataset's current version. */
  create: operatorProcedure.input(createExperimentInputSchema).mutation(({ ctx, input }) => ctx.platform.experiments.create(ctx.principal, input)),
} satisfies TRPCRouterRecord;
