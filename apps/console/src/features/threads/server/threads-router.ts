import { createThreadInputSchema, listThreadsInputSchema, renameThreadInputSchema, threadIdInputSchema, threadMessagesInputSchema } from '@agentloom/platform';
import type { TRPCRouterRecord } from '@trpc/server';
import { operatorProcedure, viewerProcedure } from '~/server/trpc/procedures';

export const threadsRouter = {
  /** Most recently active first, per agent, archived ones only when asked; `cursor` is the last thread id shown. */
  list: viewerProcedure.input(listThreadsInputSchema).query(({ ctx, input }) => ctx.platform.threads.list(ctx.principal, input)),
  get: viewerProcedure.input(threadIdInputSchema).query(({ ctx, input }) => ctx.platform.threads.get(ctx.principal, input)),
  /** The conversation across runs, oldest run first; `cursor` is the last message id shown. */
  messages: viewerProcedure.input(threadMessagesInputSchema).query(({ ctx, input }) => ctx.platform.threads.messages(ctx.principal, input)),
  create: operatorProcedure.input(createThreadInputSchema).mutation(({ ctx, input }) => ctx.platform.threads.create(ctx.principal, input)),
  rename: operatorProcedure.input(renameThreadInputSchema).mutation(({ ctx, input }) => ctx.platform.threads.rename(ctx.principal, input)),
  archive: operatorProcedure.input(threadIdInputSchema).mutation(({ ctx, input }) => ctx.platform.threads.archive(ctx.principal, input)),
} satisfies TRPCRouterRecord;
