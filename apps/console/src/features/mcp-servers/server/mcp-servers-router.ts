import { createMcpServerInputSchema, mcpServerIdInputSchema, updateMcpServerInputSchema } from '@agentloom/platform';
import type { TRPCRouterRecord } from '@trpc/server';
import { adminProcedure } from '~/server/trpc/procedures';

/** The tenant's MCP servers and "connect and list tools"; admin only, like the REST routes. */
export const mcpServersRouter = {
  /** Servers (header names marked `set`, never values) and the operator's stdio allow-list entry names. */
  list: adminProcedure.query(({ ctx }) => ctx.platform.mcpServers.list(ctx.principal)),
  create: adminProcedure.input(createMcpServerInputSchema).mutation(({ ctx, input }) => ctx.platform.mcpServers.create(ctx.principal, input)),
  update: adminProcedure.input(updateMcpServerInputSchema).mutation(({ ctx, input }) => ctx.platform.mcpServers.update(ctx.principal, input)),
  delete: adminProcedure.input(mcpServerIdInputSchema).mutation(({ ctx, input }) => ctx.platform.mcpServers.delete(ctx.principal, input)),
  /** Connects now and lists the tools with their schema hashes, or says why it could not (`errorKind`). */
  test: adminProcedure.input(mcpServerIdInputSchema).mutation(({ ctx, input }) => ctx.platform.mcpServers.test(ctx.principal, input)),
} satisfies TRPCRouterRecord;
