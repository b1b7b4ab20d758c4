import {
  forgetMemoryInputSchema,
  listMemoryDecisionsInputSchema,
  memoryDecisionIdInputSchema,
  listMemoryInputSchema,
  memoryInjectionsInputSchema,
  memoryItemIdInputSchema,
  runIdInputSchema,
  runMemoryHitsInputSchema,
  searchMemoryInputSchema,
  storeMemoryInputSchema,
  threadIdInputSchema,
} from '@agentloom/platform';
import type { TRPCRouterRecord } from '@trpc/server';
import { adminProcedure, operatorProcedure, viewerProcedure } from '~/server/trpc/procedures';

export const memoryRouter = {
  /** Browse by level, scope id and kind, newest first; `cursor` is the last item id shown. */
  list: viewerProcedure.input(listMemoryInputSchema).query(({ ctx, input }) => ctx.platform.memory.list(ctx.principal, input)),
  /** Hybrid (or vector / full-text) retrieval with scores, over tenant-wide items plus the named scopes. */
  search: viewerProcedure.input(searchMemoryInputSchema).query(({ ctx, input }) => ctx.platform.memory.search(ctx.principal, input)),
  get: viewerProcedure.input(memoryItemIdInputSchema).query(({ ctx, input }) => ctx.platform.memory.get(ctx.principal, input)),
  /** The item's key history, oldest first. */
  supersessionChain: viewerProcedure.input(memoryItemIdInputSchema).query(({ ctx, input }) => ctx.platform.memory.supersessionChain(ctx.principal, input)),
  /** Which runs and steps the item reached, newest first. */
  injections: viewerProcedure.input(memoryInjectionsInputSchema).query(({ ctx, input }) => ctx.platform.memory.injections(ctx.principal, input)),
  /** Scores of the memories a run's messages carried. */
  runHits: viewerProcedure.input(runMemoryHitsInputSchema).query(({ ctx, input }) => ctx.platform.memory.runHits(ctx.principal, input)),
  store: operatorProcedure.input(storeMemoryInputSchema).mutation(({ ctx, input }) => ctx.platform.memory.store(ctx.principal, input)),
  pin: operatorProcedure.input(memoryItemIdInputSchema).mutation(({ ctx, input }) => ctx.platform.memory.pin(ctx.principal, input)),
  unpin: operatorProcedure.input(memoryItemIdInputSchema).mutation(({ ctx, input }) => ctx.platform.memory.unpin(ctx.principal, input)),
  /** Hard delete of the item, its vector and its injection records; a keyed item's history goes too unless `restorePrevious`. */
  forget: operatorProcedure.input(forgetMemoryInputSchema).mutation(({ ctx, input }) => ctx.platform.memory.forget(ctx.principal, input)),
  /** Post-run extraction decisions (ADD/UPDATE/DELETE/NONE), by run or about one item, newest first. */
  decisions: viewerProcedure.input(listMemoryDecisionsInputSchema).query(({ ctx, input }) => ctx.platform.memory.decisions(ctx.principal, input)),
  /** Reverses a decision: the previous item is live again, an added one is gone. */
  undoDecision: operatorProcedure.input(memoryDecisionIdInputSchema).mutation(({ ctx, input }) => ctx.platform.memory.undoDecision(ctx.principal, input)),
  /** Erasure returns a receipt with counts per table. */
  eraseRun: adminProcedure.input(runIdInputSchema).mutation(({ ctx, input }) => ctx.platform.erase.eraseRun(ctx.principal, input)),
  eraseThread: adminProcedure.input(threadIdInputSchema).mutation(({ ctx, input }) => ctx.platform.erase.eraseThread(ctx.principal, input)),
} satisfies TRPCRouterRecord;
