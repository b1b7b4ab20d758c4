import {
  addMatchingRunsInputSchema,
  addRunsInputSchema,
  caseRefInputSchema,
  createDatasetInputSchema,
  datasetRefSchema,
  importCasesInputSchema,
  updateCaseInputSchema,
} from '@agentloom/platform';
import type { TRPCRouterRecord } from '@trpc/server';
import { operatorProcedure, viewerProcedure } from '~/server/trpc/procedures';

/** Datasets of replayable cases (ADR 0048): viewers read, operators change; like the REST routes. */
export const datasetsRouter = {
  list: viewerProcedure.query(({ ctx }) => ctx.platform.datasets.list(ctx.principal)),
  /** The dataset with its cases in order (without their recordings). */
  get: viewerProcedure.input(datasetRefSchema).query(({ ctx, input }) => ctx.platform.datasets.get(ctx.principal, input)),
  /** The experiments that replayed the dataset, newest first, with their progress. */
  experiments: viewerProcedure.input(datasetRefSchema).query(({ ctx, input }) => ctx.platform.datasetCuration.experiments(ctx.principal, input)),
  create: operatorProcedure.input(createDatasetInputSchema).mutation(({ ctx, input }) => ctx.platform.datasets.create(ctx.principal, input)),
  /** Finished runs, picked in the runs list or on a run page, recorded as cases under the next version. */
  addRuns: operatorProcedure.input(addRunsInputSchema).mutation(({ ctx, input }) => ctx.platform.datasets.addRuns(ctx.principal, input)),
  /** Every finished run the runs list's filters match (newest first, up to `limit`). */
  addMatchingRuns: operatorProcedure
    .input(addMatchingRunsInputSchema)
    .mutation(({ ctx, input }) => ctx.platform.datasetCuration.addMatchingRuns(ctx.principal, input)),
  /** Hand-written cases, one JSON object per line. */
  importCases: operatorProcedure.input(importCasesInputSchema).mutation(({ ctx, input }) => ctx.platform.datasets.importCases(ctx.principal, input)),
  updateCase: operatorProcedure.input(updateCaseInputSchema).mutation(({ ctx, input }) => ctx.platform.datasetCuration.updateCase(ctx.principal, input)),
  /** Refused (409) for a case an experiment already replayed. */
  deleteCase: operatorProcedure.input(caseRefInputSchema).mutation(({ ctx, input }) => ctx.platform.datasetCuration.deleteCase(ctx.principal, input)),
} satisfies TRPCRouterRecord;
