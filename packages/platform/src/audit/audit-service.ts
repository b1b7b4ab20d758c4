import type { Database, Prisma } from '@agentloom/db';

import { assertRole } from '../auth/assert-role';
import type { Principal } from '../auth/roles';
import { tenantCursor } from '../auth/tenant-cursor';
import { toInstant } from '../validation/instant.schema';
import { parseInput } from '../validation/parse-input';
import { listAuditInputSchema, type ListAuditInput } from './audit.schema';
import { auditEntrySelect, toAuditEntryView, type AuditEntryRow, type AuditEntryView } from './audit-entry-view';

/** Reading the tenant's append-only audit log (admin only; writes go through `recordAudit`). */
export class AuditService {
  constructor(private readonly database: Database) {}

  /** Newest first; `nextCursor` is null on the last page. */
  async list(principal: Principal, rawInput?: ListAuditInput): Promise<{ entries: AuditEntryView[]; nextCursor: string | null }> {
    assertRole(principal, 'admin', 'Reading the audit log');
    const input = parseInput(listAuditInputSchema, rawInput);
    const where: Prisma.AuditLogWhereInput = {
      tenantId: principal.tenantId,
      ...(input.action ? { action: input.action } : {}),
      ...(input.actorId ? { actorId: input.actorId } : {}),
      ...(input.targetType ? { targetType: input.targetType } : {}),
      ...(input.targetId ? { targetId: input.targetId } : {}),
      ...(input.from || input.to
        ? { createdAt: { ...(input.from ? { gte: toInstant(input.from) } : {}), ...(input.to ? { lt: toInstant(input.to) } : {}) } }
        : {}),
    };
    const rows = await this.database.prisma.auditLog.findMany({
      where,
      // uuid v7 ids are time-ordered, so the id is a stable cursor for newest-first pages.
      orderBy: { id: 'desc' },
      ...tenantCursor(input.cursor, { tenantId: principal.tenantId }),
      take: input.limit + 1,
      select: auditEntrySelect,
    });
    const page = rows.slice(0, input.limit);
    const actorNames = await this.apiKeyNames(principal.tenantId, page);
    return {
      entries: page.map((row) => toAuditEntryView(row, actorNames)),
      nextCursor: rows.length > input.limit ? (page[page.length - 1]?.id ?? null) : null,
    };
  }

  /** The distinct actions and target types in the tenant's log, for filter pickers. */
  async facets(principal: Principal): Promise<{ actions: string[]; targetTypes: string[] }> {
    assertRole(principal, 'admin', 'Reading the audit log');
    const where = { tenantId: principal.tenantId };
    const [actions, targetTypes] = await Promise.all([
      this.database.prisma.auditLog.findMany({ where, distinct: ['action'], select: { action: true }, orderBy: { action: 'asc' } }),
      this.database.prisma.auditLog.findMany({ where, distinct: ['targetType'], select: { targetType: true }, orderBy: { targetType: 'asc' } }),
    ]);
    return { actions: actions.map((row) => row.action), targetTypes: targetTypes.map((row) => row.targetType) };
  }

  private async apiKeyNames(tenantId: string, rows: AuditEntryRow[]): Promise<Map<string, string>> {
    const ids = [...new Set(rows.filter((row) => row.actorType === 'api_key').map((row) => row.actorId))];
    if (ids.length === 0) return new Map();
    const keys = await this.database.prisma.apiKey.findMany({ where: { tenantId, id: { in: ids } }, select: { id: true, name: true } });
    return new Map(keys.map((key) => [key.id, key.name]));
  }
}
