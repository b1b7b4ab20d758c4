import {
  findRunStepsInputSchema,
  getCheckpointInputSchema,
  getRunStepInputSchema,
  listCheckpointsInputSchema,
  listRunStepsInputSchema,
  listToolCallsInputSchema,
  runIdInputSchema,
  searchRunInputSchema,
} from '@agentloom/platform';
import type { TRPCRouterRecord } from '@trpc/server';
import { viewerProcedure } from '~/server/trpc/procedures';

/** Committed steps in index order for the timeline; one step in full; filters and search over a run. */
export const runStepsRouter = {
  list: viewerProcedure.input(listRunStepsInputSchema).query(({ ctx, input }) => ctx.platform.runSteps.list(ctx.principal, input)),
  /** One step by index (`?step=N`) or by one of its tool calls (`?call=ID`), with request, response, calls and events. */
  get: viewerProcedure.input(getRunStepInputSchema).query(({ ctx, input }) => ctx.platform.runStepDetails.get(ctx.principal, input)),
  /** Indexes of the steps matching kind / tool / error / approval filters, in order. */
  find: viewerProcedure.input(findRunStepsInputSchema).query(({ ctx, input }) => ctx.platform.runStepFinder.find(ctx.principal, input)),
  /** Counts per step kind, tool and event type, for the filter menus. */
  facets: viewerProcedure.input(runIdInputSchema).query(({ ctx, input }) => ctx.platform.runStepFinder.facets(ctx.principal, input)),
  /** Text search across the run's messages, tool calls and events. */
  search: viewerProcedure.input(searchRunInputSchema).query(({ ctx, input }) => ctx.platform.runSearch.search(ctx.principal, input)),
} satisfies TRPCRouterRecord;

/** The tool-call ledger of a run, with approval decisions; filterable by tool name and status. */
export const toolCallsRouter = {
  list: viewerProcedure.input(listToolCallsInputSchema).query(({ ctx, input }) => ctx.platform.toolCalls.list(ctx.principal, input)),
} satisfies TRPCRouterRecord;

/** Retained checkpoints: summaries in lists, one state (with the previous one) on demand. */
export const checkpointsRouter = {
  list: viewerProcedure.input(listCheckpointsInputSchema).query(({ ctx, input }) => ctx.platform.checkpoints.list(ctx.principal, input)),
  get: viewerProcedure.input(getCheckpointInputSchema).query(({ ctx, input }) => ctx.platform.checkpoints.get(ctx.principal, input)),
} satisfies TRPCRouterRecord;
