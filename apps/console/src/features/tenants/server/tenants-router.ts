import { createTenantInputSchema, eraseTenantInputSchema, mintAdminKeyInputSchema, tenantIdInputSchema, updateTenantInputSchema } from '@agentloom/platform';
import type { TRPCRouterRecord } from '@trpc/server';
import { instanceAdminProcedure } from '~/server/trpc/procedures';

/**
 * The instance operator's tenants page (ADR 0041): the same `TenantService` calls as
 * `/api/v1/tenants`, behind the operator session; every tenant key is refused with 403.
 */
export const tenantsRouter = {
  list: instanceAdminProcedure.query(({ ctx }) => ctx.platform.tenants.list(ctx.operator)),
  create: instanceAdminProcedure.input(createTenantInputSchema).mutation(({ ctx, input }) => ctx.platform.tenants.create(ctx.operator, input)),
  update: instanceAdminProcedure.input(updateTenantInputSchema).mutation(({ ctx, input }) => ctx.platform.tenants.update(ctx.operator, input)),
  suspend: instanceAdminProcedure.input(tenantIdInputSchema).mutation(({ ctx, input }) => ctx.platform.tenants.suspend(ctx.operator, input)),
  resume: instanceAdminProcedure.input(tenantIdInputSchema).mutation(({ ctx, input }) => ctx.platform.tenants.resume(ctx.operator, input)),
  /** Only while the tenant has no live admin key (409 otherwise); the key is in the answer this once. */
  mintAdminKey: instanceAdminProcedure.input(mintAdminKeyInputSchema).mutation(({ ctx, input }) => ctx.platform.tenants.mintAdminKey(ctx.operator, input)),
  erase: instanceAdminProcedure.input(eraseTenantInputSchema).mutation(({ ctx, input }) => ctx.platform.tenants.erase(ctx.operator, input)),
} satisfies TRPCRouterRecord;
