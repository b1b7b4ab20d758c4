import type { Database } from '@agentloom/db';

import { generateApiKey } from '../auth/api-key-secret';
import { notifyCredentialsChanged } from '../auth/credential-invalidation';
import { recordAudit } from '../audit/record-audit';
import type { EraseReceipt } from '../erase/erase-receipt';
import type { EraseService } from '../erase/erase-service';
import { DomainError } from '../errors/domain-error';
import { operatorActor, type OperatorPrincipal } from '../operator/operator-principal';
import { isUniqueViolation } from '../runs/unique-violation';
import { parseInput } from '../validation/parse-input';
import {
  createTenantInputSchema,
  eraseTenantInputSchema,
  mintAdminKeyInputSchema,
  tenantIdInputSchema,
  updateTenantInputSchema,
  type MintedAdminKey,
  type TenantView,
} from './tenant.schema';
import { tenantViewSelect, toTenantView } from './tenant-view';

/**
 * The instance operator's view of tenants: create, list, read, change settings, suspend, resume,
 * erase, and mint a tenant's first admin key. Every method takes an `OperatorPrincipal`, which only
 * an operator key yields, so no tenant key can reach it; and nothing here reads a tenant's data
 * (runs, agents, memory) — the operator administers tenants, it does not act inside them (ADR
 * 0035). Changes are audit-logged in the tenant's own log, in the transaction of the change.
 */
export class TenantService {
  constructor(
    private readonly database: Database,
    private readonly erasure: EraseService,
  ) {}

  async create(operator: OperatorPrincipal, rawInput: unknown): Promise<TenantView> {
    const input = parseInput(createTenantInputSchema, rawInput);
    const slugTaken = () => new DomainError('conflict', `A tenant with slug "${input.slug}" already exists`, 'slug');
    try {
      const id = await this.database.prisma.$transaction(async (transaction) => {
        const tenant = await transaction.tenant.create({
          data: {
            slug: input.slug,
            name: input.name,
            retentionDays: input.retentionDays ?? null,
            rateLimitPerMinute: input.rateLimitPerMinute ?? null,
            rateLimitBurst: input.rateLimitBurst ?? null,
          },
          select: { id: true },
        });
        await recordAudit(
          transaction,
          { tenantId: tenant.id, system: operatorActor(operator) },
          {
            action: 'tenant.create',
            targetType: 'tenant',
            targetId: tenant.id,
            after: { ...input },
          },
        );
        return tenant.id;
      });
      return await this.get(operator, { tenantId: id });
    } catch (error) {
      if (isUniqueViolation(error)) throw slugTaken();
      throw error;
    }
  }

  /** Every tenant, oldest first; an instance has tens to hundreds, so one page holds them. */
  async list(_operator: OperatorPrincipal): Promise<{ tenants: TenantView[] }> {
    const rows = await this.database.prisma.tenant.findMany({ orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], take: 1_000, select: tenantViewSelect });
    return { tenants: rows.map(toTenantView) };
  }

  async get(_operator: OperatorPrincipal, rawInput: unknown): Promise<TenantView> {
    const { tenantId } = parseInput(tenantIdInputSchema, rawInput);
    const row = await this.database.prisma.tenant.findUnique({ where: { id: tenantId }, select: tenantViewSelect });
    if (!row) throw tenantNotFound(tenantId);
    return toTenantView(row);
  }

  /** Changes the name and settings given; the others stay. */
  async update(operator: OperatorPrincipal, rawInput: unknown): Promise<TenantView> {
    const { tenantId, ...settings } = parseInput(updateTenantInputSchema, rawInput);
    await this.database.prisma.$transaction(async (transaction) => {
      const before = await transaction.tenant.findUnique({
        where: { id: tenantId },
        select: { name: true, retentionDays: true, rateLimitPerMinute: true, rateLimitBurst: true },
      });
      if (!before) throw tenantNotFound(tenantId);
      await transaction.tenant.update({ where: { id: tenantId }, data: settings });
      await recordAudit(
        transaction,
        { tenantId, system: operatorActor(operator) },
        { action: 'tenant.update', targetType: 'tenant', targetId: tenantId, before, after: settings },
      );
    });
    return this.get(operator, { tenantId });
  }

  /**
   * Suspends the tenant: its keys and sessions are refused with `tenant-suspended` from the next
   * request on, on every process, and executors stop claiming its queued runs (runs already running
   * finish). Idempotent.
   */
  suspend(operator: OperatorPrincipal, rawInput: unknown): Promise<TenantView> {
    return this.setSuspended(operator, rawInput, true);
  }

  resume(operator: OperatorPrincipal, rawInput: unknown): Promise<TenantView> {
    return this.setSuspended(operator, rawInput, false);
  }

  /**
   * Erases the tenant with every row it has, through the erase service (the same rows a tenant
   * admin's own erase removes). The caller repeats the tenant's slug to confirm.
   */
  async erase(operator: OperatorPrincipal, rawInput: unknown): Promise<EraseReceipt> {
    const { tenantId, confirmSlug } = parseInput(eraseTenantInputSchema, rawInput);
    const tenant = await this.get(operator, { tenantId });
    if (tenant.slug !== confirmSlug) throw new DomainError('validation', `confirmSlug must repeat the tenant's slug (${tenant.slug})`, 'confirmSlug');
    return this.erasure.eraseTenantAsOperator(tenantId, operatorActor(operator));
  }

  /**
   * Mints an admin key for a tenant that has none live (a new tenant, or one whose admins all lost
   * theirs). A tenant that has one is a 409: its admins mint further keys themselves, so the
   * operator cannot quietly give itself a way into a tenant's data.
   */
  async mintAdminKey(operator: OperatorPrincipal, rawInput: unknown): Promise<MintedAdminKey> {
    const { tenantId, name } = parseInput(mintAdminKeyInputSchema, rawInput);
    const generated = await generateApiKey();
    const row = await this.database.prisma.$transaction(async (transaction) => {
      // The row lock serializes two mints for one tenant: the second sees the first's key.
      const locked = await transaction.$queryRawUnsafe<{ id: string }[]>('SELECT id FROM tenants WHERE id = $1::uuid FOR UPDATE', tenantId);
      if (locked.length === 0) throw tenantNotFound(tenantId);
      const live = await transaction.apiKey.count({ where: { tenantId, role: 'admin', revokedAt: null } });
      if (live > 0) throw new DomainError('conflict', `Tenant ${tenantId} already has ${live} live admin key(s); its admins create further keys.`, 'tenantId');
      const created = await transaction.apiKey.create({
        data: { tenantId, name, role: 'admin', prefix: generated.prefix, secretHash: generated.secretHash },
        select: { id: true, name: true, prefix: true, createdAt: true },
      });
      await recordAudit(
        transaction,
        { tenantId, system: operatorActor(operator) },
        {
          action: 'api-key.create',
          targetType: 'api_key',
          targetId: created.id,
          after: { name, role: 'admin', prefix: created.prefix, mintedBy: 'instance operator' },
        },
      );
      return created;
    });
    return { tenantId, id: row.id, name: row.name, prefix: row.prefix, role: 'admin', createdAt: row.createdAt.toISOString(), key: generated.plaintext };
  }

  private async setSuspended(operator: OperatorPrincipal, rawInput: unknown, suspended: boolean): Promise<TenantView> {
    const { tenantId } = parseInput(tenantIdInputSchema, rawInput);
    await this.database.prisma.$transaction(async (transaction) => {
      const existing = await transaction.tenant.findUnique({ where: { id: tenantId }, select: { suspendedAt: true } });
      if (!existing) throw tenantNotFound(tenantId);
      if ((existing.suspendedAt !== null) === suspended) return;
      await transaction.tenant.update({ where: { id: tenantId }, data: { suspendedAt: suspended ? new Date() : null } });
      // Event streams of the tenant's keys end on every process when a suspension commits.
      if (suspended) await notifyCredentialsChanged(transaction, `tenant:${tenantId}`);
      await recordAudit(
        transaction,
        { tenantId, system: operatorActor(operator) },
        {
          action: suspended ? 'tenant.suspend' : 'tenant.resume',
          targetType: 'tenant',
          targetId: tenantId,
          before: { suspended: !suspended },
          after: { suspended },
        },
      );
    });
    return this.get(operator, { tenantId });
  }
}

function tenantNotFound(tenantId: string): DomainError {
  return new DomainError('not-found', `Tenant ${tenantId} not found`, 'tenantId');
}
