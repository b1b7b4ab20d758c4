import type { Prisma } from '@agentloom/db';

import type { TenantView } from './tenant.schema';

export const tenantViewSelect = {
  id: true,
  slug: true,
  name: true,
  suspendedAt: true,
  retentionDays: true,
  rateLimitPerMinute: true,
  rateLimitBurst: true,
  createdAt: true,
  updatedAt: true,
  _count: { select: { apiKeys: { where: { role: 'admin', revokedAt: null } } } },
} as const satisfies Prisma.TenantSelect;

export function toTenantView(row: Prisma.TenantGetPayload<{ select: typeof tenantViewSelect }>): TenantView {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    suspended: row.suspendedAt !== null,
    suspendedAt: row.suspendedAt?.toISOString() ?? null,
    retentionDays: row.retentionDays,
    rateLimitPerMinute: row.rateLimitPerMinute,
    rateLimitBurst: row.rateLimitBurst,
    activeAdminKeys: row._count.apiKeys,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
