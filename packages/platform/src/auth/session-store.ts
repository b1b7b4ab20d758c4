import { randomBytes } from 'node:crypto';

import type { PrismaClient, PrismaExecutor } from '@agentloom/db';

import { credentialDigest } from './api-key-secret';
import type { Principal } from './roles';
import { assertTenantActive, requestLimitsOf, tenantAuthSelect } from './tenant-standing';

/** `als_` + 256 random bits; only its SHA-256 is stored. */
const sessionTokenPattern = /^als_[A-Za-z0-9_-]{43}$/;

export function newSessionToken(): string {
  return `als_${randomBytes(32).toString('base64url')}`;
}

export function isSessionTokenFormat(token: string): boolean {
  return sessionTokenPattern.test(token);
}

/** The principal behind a live session whose key is not revoked; null otherwise. */
export async function findSessionPrincipal(prisma: PrismaClient, token: string): Promise<Principal | null> {
  const session = await prisma.session.findFirst({
    where: { tokenHash: credentialDigest(token), expiresAt: { gt: new Date() }, apiKey: { revokedAt: null } },
    select: {
      id: true,
      lastSeenAt: true,
      expiresAt: true,
      apiKey: { select: { id: true, name: true, role: true, tenantId: true, tenant: { select: tenantAuthSelect } } },
    },
  });
  if (!session) return null;
  assertTenantActive(session.apiKey.tenant);
  // Minute resolution, like a key's last_used_at: a write per request would buy nothing.
  if (Date.now() - session.lastSeenAt.getTime() >= 60_000) {
    await prisma.session.updateMany({ where: { id: session.id }, data: { lastSeenAt: new Date() } });
  }
  const { apiKey } = session;
  return {
    tenantId: apiKey.tenantId,
    tenantName: apiKey.tenant.name,
    apiKeyId: apiKey.id,
    apiKeyName: apiKey.name,
    role: apiKey.role,
    requestLimits: requestLimitsOf(apiKey.tenant),
    sessionId: session.id,
    sessionExpiresAt: session.expiresAt.toISOString(),
  };
}

/** Deletes the sessions of one key (revocation), inside the caller's transaction. */
export function deleteSessionsOfKey(transaction: PrismaExecutor, apiKeyId: string): Promise<number> {
  return transaction.$executeRawUnsafe('DELETE FROM sessions WHERE api_key_id = $1::uuid', apiKeyId);
}
