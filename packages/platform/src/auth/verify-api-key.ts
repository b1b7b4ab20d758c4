import type { PrismaClient } from '@agentloom/db';

import { hashSecret, verifySecret } from './api-key-secret';
import type { Principal } from './roles';
import { assertTenantActive, requestLimitsOf, tenantAuthSelect } from './tenant-standing';

/** The outcome of checking a key against its row; `keyExists` decides whether the failure counts against the prefix. */
export type ApiKeyVerification = { principal: Principal } | { principal: null; keyExists: boolean };

/**
 * Looks the key up by its public prefix and compares the secret's hash in constant time. A key
 * still stored in the old scrypt format is verified the slow way once and rewritten as SHA-256
 * (only if nobody rewrote or revoked it in between), so the slow path runs once per key.
 */
export async function verifyApiKey(prisma: PrismaClient, prefix: string, secret: string): Promise<ApiKeyVerification> {
  const key = await prisma.apiKey.findUnique({ where: { prefix }, include: { tenant: { select: tenantAuthSelect } } });
  if (!key) return { principal: null, keyExists: false };
  if (key.revokedAt) return { principal: null, keyExists: true };
  const { valid, current } = await verifySecret(secret, key.secretHash);
  if (!valid) return { principal: null, keyExists: true };
  if (!current) {
    await prisma.apiKey.updateMany({ where: { id: key.id, secretHash: key.secretHash, revokedAt: null }, data: { secretHash: hashSecret(secret) } });
  }
  // Told apart only once the secret matched: a guesser learns nothing about the tenant.
  assertTenantActive(key.tenant);
  await touch(prisma, key.id, key.lastUsedAt);
  return {
    principal: {
      tenantId: key.tenantId,
      tenantName: key.tenant.name,
      apiKeyId: key.id,
      apiKeyName: key.name,
      role: key.role,
      requestLimits: requestLimitsOf(key.tenant),
    },
  };
}

/** last_used_at at minute resolution: enough for "is this key still used?" without a write per request. */
async function touch(prisma: PrismaClient, apiKeyId: string, lastUsedAt: Date | null): Promise<void> {
  if (lastUsedAt && Date.now() - lastUsedAt.getTime() < 60_000) return;
  await prisma.apiKey.update({ where: { id: apiKeyId }, data: { lastUsedAt: new Date() } });
}
