import { createHash } from 'node:crypto';

import type { PrismaClient } from '@agentloom/db';

import { parseApiKey, verifySecret } from './api-key-secret';
import type { Principal } from './roles';

// scrypt costs tens of milliseconds by design; a short-lived cache of successful verifications
// keeps it off the per-request path. Revocation takes effect within this window at the latest.
const verifiedKeyTtlMs = 30_000;

/** Turns a presented API key into a principal. Unknown, malformed and revoked keys all yield null. */
export class AuthService {
  private readonly verified = new Map<string, { principal: Principal; expiresAt: number }>();

  constructor(private readonly prisma: PrismaClient) {}

  async authenticate(plaintext: string): Promise<Principal | null> {
    const cacheKey = createHash('sha256').update(plaintext).digest('hex');
    const cached = this.verified.get(cacheKey);
    if (cached && cached.expiresAt > Date.now()) return cached.principal;
    this.verified.delete(cacheKey);
    const principal = await this.verify(plaintext);
    if (principal) this.verified.set(cacheKey, { principal, expiresAt: Date.now() + verifiedKeyTtlMs });
    return principal;
  }

  /** Forgets cached verifications, e.g. after a key was revoked in this process. */
  forgetVerifiedKeys(): void {
    this.verified.clear();
  }

  private async verify(plaintext: string): Promise<Principal | null> {
    const parsed = parseApiKey(plaintext);
    if (!parsed) return null;
    const key = await this.prisma.apiKey.findUnique({
      where: { prefix: parsed.prefix },
      include: { tenant: { select: { name: true } } },
    });
    if (!key || key.revokedAt) return null;
    if (!(await verifySecret(parsed.secret, key.secretHash))) return null;
    await this.touch(key.id, key.lastUsedAt);
    return {
      tenantId: key.tenantId,
      tenantName: key.tenant.name,
      apiKeyId: key.id,
      apiKeyName: key.name,
      role: key.role,
    };
  }

  /** last_used_at at minute resolution: enough for "is this key still used?" without a write per request. */
  private async touch(apiKeyId: string, lastUsedAt: Date | null): Promise<void> {
    if (lastUsedAt && Date.now() - lastUsedAt.getTime() < 60_000) return;
    await this.prisma.apiKey.update({ where: { id: apiKeyId }, data: { lastUsedAt: new Date() } });
  }
}
