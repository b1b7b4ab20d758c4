import type { Prisma } from '@agentloom/db';

import { DomainError } from '../errors/domain-error';
import type { TenantRequestLimits } from './roles';

/** The tenant fields authentication reads with every key or session. */
export const tenantAuthSelect = { name: true, suspendedAt: true, rateLimitPerMinute: true, rateLimitBurst: true } as const satisfies Prisma.TenantSelect;

type TenantStanding = Prisma.TenantGetPayload<{ select: typeof tenantAuthSelect }>;

/**
 * A suspended tenant's keys and sessions are refused with their own kind (403 `tenant-suspended`),
 * not as invalid credentials: the caller holds a good key and needs to know whom to ask.
 */
export function assertTenantActive(tenant: Pick<TenantStanding, 'name' | 'suspendedAt'>): void {
  if (tenant.suspendedAt !== null) {
    throw new DomainError('tenant-suspended', `Tenant ${tenant.name} is suspended by the instance operator; its keys are refused until it is resumed.`);
  }
}

export function requestLimitsOf(tenant: TenantStanding): TenantRequestLimits {
  return { perMinute: tenant.rateLimitPerMinute, burst: tenant.rateLimitBurst };
}
