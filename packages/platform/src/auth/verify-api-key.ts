import { preparedStatement, queryRows, type Database, type PrismaClient } from '@agentloom/db';

import { hashSecret, verifySecret } from './api-key-secret';
import type { Principal, Role } from './roles';
import { assertTenantActive, requestLimitsOf } from './tenant-standing';

/** The outcome of checking a key against its row; `keyExists` decides whether the failure counts against the prefix. */
export type ApiKeyVerification = { principal: Principal } | { principal: null; keyExists: boolean };

/**
 * The key and its tenant's standing in one statement through the driver. Every API request runs it: through the
 * Prisma client, the key with its tenant (`include`) was two queries and the client's request pipeline, twice per
 * run in `bench/end-to-end` (its create and its stream; bench/README, session 28).
 */
const apiKeyByPrefix = preparedStatement(`SELECT api_key.id, api_key.tenant_id, api_key.name, api_key.secret_hash, api_key.role,
       api_key.last_used_at, api_key.revoked_at,
       tenant.name AS tenant_name, tenant.suspended_at, tenant.rate_limit_per_minute, tenant.rate_limit_burst
  FROM api_keys AS api_key
  JOIN tenants AS tenant ON tenant.id = api_key.tenant_id
 WHERE api_key.prefix = $1`);

interface ApiKeyRow {
  id: string;
  tenant_id: string;
  name: string;
  secret_hash: string;
  role: Role;
  last_used_at: Date | string | null;
  revoked_at: Date | string | null;
  tenant_name: string;
  suspended_at: Date | string | null;
  rate_limit_per_minute: number | null;
  rate_limit_burst: number | null;
}

/** A timestamp column as the driver returns it (a Date from `pg`, possibly a string elsewhere). */
const dateOf = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

/**
 * Looks the key up by its public prefix and compares the secret's hash in constant time. A key
 * still stored in the old scrypt format is verified the slow way once and rewritten as SHA-256
 * (only if nobody rewrote or revoked it in between), so the slow path runs once per key.
 */
export async function verifyApiKey(database: Pick<Database, 'prisma' | 'statements'>, prefix: string, secret: string): Promise<ApiKeyVerification> {
  const [key] = await queryRows<ApiKeyRow>(database.statements, apiKeyByPrefix, [prefix]);
  if (!key) return { principal: null, keyExists: false };
  if (key.revoked_at !== null) return { principal: null, keyExists: true };
  const { valid, current } = await verifySecret(secret, key.secret_hash);
  if (!valid) return { principal: null, keyExists: true };
  if (!current) {
    await database.prisma.apiKey.updateMany({ where: { id: key.id, secretHash: key.secret_hash, revokedAt: null }, data: { secretHash: hashSecret(secret) } });
  }
  const tenant = { name: key.tenant_name, suspendedAt: dateOf(key.suspended_at), rateLimitPerMinute: key.rate_limit_per_minute, rateLimitBurst: key.rate_limit_burst };
  // Told apart only once the secret matched: a guesser learns nothing about the tenant.
  assertTenantActive(tenant);
  await touch(database.prisma, key.id, dateOf(key.last_used_at));
  return {
    principal: {
      tenantId: key.tenant_id,
      tenantName: key.tenant_name,
      apiKeyId: key.id,
      apiKeyName: key.name,
      role: key.role,
      requestLimits: requestLimitsOf(tenant),
    },
  };
}

/** last_used_at at minute resolution: enough for "is this key still used?" without a write per request. */
async function touch(prisma: PrismaClient, apiKeyId: string, lastUsedAt: Date | null): Promise<void> {
  if (lastUsedAt && Date.now() - lastUsedAt.getTime() < 60_000) return;
  await prisma.apiKey.update({ where: { id: apiKeyId }, data: { lastUsedAt: new Date() } });
}
