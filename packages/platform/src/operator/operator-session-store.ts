import { randomBytes } from 'node:crypto';

import type { PrismaClient } from '@agentloom/db';

import { credentialDigest } from '../auth/api-key-secret';
import type { OperatorPrincipal } from './operator-principal';

/**
 * `alos_` + 256 random bits; only its SHA-256 is stored. A prefix of its own (tenant sessions are
 * `als_`), so neither lookup ever queries the other's table with the wrong kind of token.
 */
const operatorSessionTokenPattern = /^alos_[A-Za-z0-9_-]{43}$/;

export function newOperatorSessionToken(): string {
  return `alos_${randomBytes(32).toString('base64url')}`;
}

export function isOperatorSessionTokenFormat(token: string): boolean {
  return operatorSessionTokenPattern.test(token);
}

/** The operator behind a live session whose operator key is not revoked; null otherwise. */
export async function findOperatorSessionPrincipal(prisma: PrismaClient, token: string): Promise<OperatorPrincipal | null> {
  const session = await prisma.operatorSession.findFirst({
    where: { tokenHash: credentialDigest(token), expiresAt: { gt: new Date() }, operatorKey: { revokedAt: null } },
    select: { id: true, lastSeenAt: true, operatorKey: { select: { id: true, name: true } } },
  });
  if (!session) return null;
  // Minute resolution, like a tenant session's last_seen_at.
  if (Date.now() - session.lastSeenAt.getTime() >= 60_000) {
    await prisma.operatorSession.updateMany({ where: { id: session.id }, data: { lastSeenAt: new Date() } });
  }
  return { operatorKeyId: session.operatorKey.id, operatorKeyName: session.operatorKey.name };
}
