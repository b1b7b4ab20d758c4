import {
  agentIdInputSchema,
  agentVersionInputSchema,
  builtinToolOptions,
  createAgentInputSchema,
  listAgentsInputSchema,
  saveAgentVersionInputSchema,
} from '@agentloom/platform';
import type { TRPCRouterRecord } from '@trpc/server';
import { adminProcedure, viewerProcedure } from '~/server/trpc/procedures';

export const agentsRouter = {
  /** The tenant's agents with their latest version number. */
  list: viewerProcedure.input(listAgentsInputSchema).query(({ ctx, input }) => ctx.platform.agents.list(ctx.principal, input)),
  /** One agent with its latest version's config. */
  get: viewerProcedure.input(agentIdInputSchema).query(({ ctx, input }) => ctx.platform.agents.get(ctx.principal, input)),
  /** Version history, newest first. */
  versions: viewerProcedure.input(agentIdInputSchema).query(({ ctx, input }) => ctx.platform.agents.versions(ctx.principal, input)),
  /** One version with its full config. */
  version: viewerProcedure.input(agentVersionInputSchema).query(({ ctx, input }) => ctx.platform.agents.version(ctx.principal, input)),
  /** Tools the editor offers: the platform's registered tools and the runtime's built-ins. */
  toolOptions: viewerProcedure.query(({ ctx }) => ({ platformTools: ctx.platform.tools.describe(), builtinTools: builtinToolOptions })),
  create: adminProcedure.input(createAgentInputSchema).mutation(({ ctx, input }) => ctx.platform.agents.create(ctx.principal, input)),
  /** Every changed config becomes version n+1; an unchanged one returns the latest with `created: false`. */
  saveVersion: adminProcedure.input(saveAgentVersionInputSchema).mutation(({ ctx, input }) => ctx.platform.agents.saveVersion(ctx.principal, input)),
  archive: adminProcedure.input(agentIdInputSchema).mutation(({ ctx, input }) => ctx.platform.agents.archive(ctx.principal, input)),
  unarchive: adminProcedure.input(agentIdInputSchema).mutation(({ ctx, input }) => ctx.platform.agents.unarchive(ctx.principal, input)),
} satisfies TRPCRouterRecord;
