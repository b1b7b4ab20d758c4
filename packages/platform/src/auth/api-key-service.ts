import type { Database, Prisma } from '@agentloom/db';
import { z } from 'zod';

import { recordAudit } from '../audit/record-audit';
import { DomainError } from '../errors/domain-error';
import { parseInput } from '../validation/parse-input';
import { generateApiKey } from './api-key-secret';
import { assertCredentialCurrent } from './assert-credential-current';
import { notifyCredentialsChanged } from './credential-invalidation';
import { roleAtLeast, roles, type Principal, type Role } from './roles';
import { deleteSessionsOfKey } from './session-store';

export const createApiKeyInputSchema = z.object({
  name: z.string().trim().min(1, 'name must not be empty').max(100),
  role: z.enum(roles),
});

export const apiKeyIdInputSchema = z.object({ apiKeyId: z.uuid() });

/** An API key as listed: never the secret, only the public prefix that identifies it. */
export interface ApiKeyView {
  id: string;
  name: string;
  prefix: string;
  role: Role;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** A key just created: `key` is the plaintext, returned this once and stored only as a hash. */
export interface CreatedApiKey extends ApiKeyView {
  key: string;
}

const apiKeyViewSelect = {
  id: true,
  name: true,
  prefix: true,
  role: true,
  createdAt: true,
  lastUsedAt: true,
  revokedAt: true,
} as const satisfies Prisma.ApiKeySelect;

/**
 * Creating, listing and revoking a tenant's API keys. Admin only, checked here as well as by every
 * transport, because a key can grant any role. Creation and revocation are audit-logged in the same
 * transaction as the change, and both re-check the caller's own key inside it. A revocation ends
 * the key's sessions and notifies every process in its transaction: when `revoke` returns, no
 * process honours the key any more.
 */
export class ApiKeyService {
  constructor(private readonly database: Database) {}

  async create(principal: Principal, rawInput: unknown): Promise<CreatedApiKey> {
    assertAdmin(principal);
    const input = parseInput(createApiKeyInputSchema, rawInput);
    const generated = await generateApiKey();
    const row = await this.database.prisma.$transaction(async (transaction) => {
      // A key can mint a key of any role: whatever a cache said, its own key must still be valid now.
      await assertCredentialCurrent(transaction, principal);
      const created = await transaction.apiKey.create({
        data: { tenantId: principal.tenantId, name: input.name, role: input.role, prefix: generated.prefix, secretHash: generated.secretHash },
        select: apiKeyViewSelect,
      });
      await recordAudit(transaction, principal, {
        action: 'api-key.create',
        targetType: 'api_key',
        targetId: created.id,
        after: { name: created.name, role: created.role, prefix: created.prefix },
      });
      return created;
    });
    return { ...toApiKeyView(row), key: generated.plaintext };
  }

  async list(principal: Principal): Promise<{ apiKeys: ApiKeyView[] }> {
    assertAdmin(principal);
    const rows = await this.database.prisma.apiKey.findMany({
      where: { tenantId: principal.tenantId },
      orderBy: { createdAt: 'desc' },
      select: apiKeyViewSelect,
    });
    return { apiKeys: rows.map(toApiKeyView) };
  }

  /** Revoking twice is a no-op; revoking the key making the request is refused (it would lock the caller out mid-request). */
  async revoke(principal: Principal, rawInput: unknown): Promise<ApiKeyView> {
    assertAdmin(principal);
    const { apiKeyId } = parseInput(apiKeyIdInputSchema, rawInput);
    if (apiKeyId === principal.apiKeyId) throw new DomainError('conflict', 'A key cannot revoke itself; use another admin key.', 'apiKeyId');
    const row = await this.database.prisma.$transaction(async (transaction) => {
      // Both keys locked first, in one order: two admin keys revoking each other each share-locked its own
      // key (assertCredentialCurrent) and then waited to update the other's, a deadlock the database broke
      // by failing one of them. Now the second waits for the first and finds its own key revoked.
      await transaction.$queryRawUnsafe('SELECT id FROM api_keys WHERE id = ANY($1::uuid[]) AND tenant_id = $2::uuid ORDER BY id FOR UPDATE', [principal.apiKeyId, apiKeyId], principal.tenantId);
      await assertCredentialCurrent(transaction, principal);
      const existing = await transaction.apiKey.findFirst({ where: { id: apiKeyId, tenantId: principal.tenantId }, select: apiKeyViewSelect });
      if (!existing) throw new DomainError('not-found', `API key ${apiKeyId} not found`, 'apiKeyId');
      if (existing.revokedAt) return existing;
      const revoked = await transaction.apiKey.update({ where: { id: apiKeyId }, data: { revokedAt: new Date() }, select: apiKeyViewSelect });
      // Its console sessions end with it, and every process drops cached verifications when this commits.
      await deleteSessionsOfKey(transaction, apiKeyId);
      await notifyCredentialsChanged(transaction, `key:${apiKeyId}`);
      await recordAudit(transaction, principal, {
        action: 'api-key.revoke',
        targetType: 'api_key',
        targetId: apiKeyId,
        before: { name: existing.name, role: existing.role, prefix: existing.prefix },
      });
      return revoked;
    });
    return toApiKeyView(row);
  }
}

function assertAdmin(principal: Principal): void {
  if (!roleAtLeast(principal.role, 'admin')) throw new DomainError('forbidden', `Managing API keys needs the admin role; your key has ${principal.role}.`);
}

function toApiKeyView(row: Prisma.ApiKeyGetPayload<{ select: typeof apiKeyViewSelect }>): ApiKeyView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}
