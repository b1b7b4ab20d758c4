import type { Prisma } from '@agentloom/db';

/** One audit-log row as clients see it; `actorName` is the API key's name when the key still exists. */
export interface AuditEntryView {
  id: string;
  action: string;
  actorType: string;
  actorId: string;
  actorName: string | null;
  targetType: string;
  targetId: string;
  before: Prisma.JsonValue | null;
  after: Prisma.JsonValue | null;
  ipAddress: string | null;
  requestId: string | null;
  createdAt: string;
}

export const auditEntrySelect = {
  id: true,
  action: true,
  actorType: true,
  actorId: true,
  targetType: true,
  targetId: true,
  before: true,
  after: true,
  ipAddress: true,
  requestId: true,
  createdAt: true,
} as const satisfies Prisma.AuditLogSelect;

export type AuditEntryRow = Prisma.AuditLogGetPayload<{ select: typeof auditEntrySelect }>;

export function toAuditEntryView(row: AuditEntryRow, actorNames: ReadonlyMap<string, string>): AuditEntryView {
  return {
    ...row,
    actorName: actorNames.get(row.actorId) ?? null,
    before: row.before ?? null,
    after: row.after ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
