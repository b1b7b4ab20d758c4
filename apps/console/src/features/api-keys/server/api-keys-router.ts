import { apiKeyIdInputSchema, createApiKeyInputSchema } from '@agentloom/platform';
import type { TRPCRouterRecord } from '@trpc/server';
import { adminProcedure } from '~/server/trpc/procedures';

export const apiKeysRouter = {
  /** Newest first, never with secrets. */
  list: adminProcedure.query(({ ctx }) => ctx.platform.apiKeys.list(ctx.principal)),
  /** The response carries the plaintext key, this once. */
  create: adminProcedure.input(createApiKeyInputSchema).mutation(({ ctx, input }) => ctx.platform.apiKeys.create(ctx.principal, input)),
  revoke: adminProcedure.input(apiKeyIdInputSchema).mutation(({ ctx, input }) => ctx.platform.apiKeys.revoke(ctx.principal, input)),
} satisfies TRPCRouterRecord;
