import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

import type { Database, PrismaClient } from '@agentloom/db';

import { verifySecret } from '../auth/api-key-secret';
import type { Logger } from '../logging/logger';
import { generateOperatorKey } from './operator-key-secret';
import type { OperatorPrincipal } from './operator-principal';

// Serializes the first-start creation across processes starting at once against one server.
const operatorKeyAdvisoryLockKey = 4_104_202;

/** The result of `ensureOperatorKey`: the plaintext only when this process just created the key. */
export interface OperatorKeyBootstrap {
  created: boolean;
  operatorKey?: string;
}

/**
 * At start: when the instance has no live operator key (a fresh install, or one upgraded from a
 * version without them), creates one, logs it once and writes it to `keyPath` (mode 0600), as the
 * first admin key is. Existing installs thus get their operator key on their next start.
 */
export async function ensureOperatorKey(database: Database, keyPath: string | undefined, logger: Logger): Promise<OperatorKeyBootstrap> {
  const key = generateOperatorKey();
  const created = await database.prisma.$transaction(async (transaction) => {
    await transaction.$executeRawUnsafe('SELECT pg_advisory_xact_lock($1)', operatorKeyAdvisoryLockKey);
    if ((await transaction.operatorKey.count({ where: { revokedAt: null } })) > 0) return false;
    await transaction.operatorKey.create({ data: { name: 'Instance operator key', prefix: key.prefix, secretHash: key.secretHash } });
    return true;
  });
  if (!created) return { created: false };
  // Logged before the file is written: the key's hash is committed, so losing the plaintext to an
  // unwritable data directory would leave only `operator:rotate-key`.
  logger.info(`Created the instance operator key for /api/v1/tenants (shown once): ${key.plaintext}`);
  const failure = keyPath ? await saveKeyFile(keyPath, key.plaintext) : undefined;
  if (keyPath && failure) logger.warn(`Could not save the operator key to ${keyPath}: ${failure}. Copy it from the line above; it is not shown again.`);
  else if (keyPath) logger.info(`Saved the operator key to ${keyPath} (mode 0600)`);
  return { created: true, operatorKey: key.plaintext };
}

/**
 * Revokes every operator key and creates a new one in one transaction; returns its plaintext and
 * writes it to `keyPath` when given (`keyFileFailure` says why that failed; the key is still valid). For `npm run operator:rotate-key` (a lost or leaked key).
 */
export async function rotateOperatorKey(
  database: Database,
  keyPath: string | undefined,
): Promise<{ operatorKey: string; revoked: number; keyFileFailure?: string }> {
  const key = generateOperatorKey();
  const revoked = await database.prisma.$transaction(async (transaction) => {
    const { count } = await transaction.operatorKey.updateMany({ where: { revokedAt: null }, data: { revokedAt: new Date() } });
    // Their console sessions would be refused anyway (the lookup wants a live key); drop the rows too.
    await transaction.operatorSession.deleteMany({});
    await transaction.operatorKey.create({ data: { name: 'Instance operator key (rotated)', prefix: key.prefix, secretHash: key.secretHash } });
    return count;
  });
  const keyFileFailure = keyPath ? await saveKeyFile(keyPath, key.plaintext) : undefined;
  return { operatorKey: key.plaintext, revoked, ...(keyFileFailure ? { keyFileFailure } : {}) };
}

/** The verification of an operator key, like `verifyApiKey`: `keyExists` decides whether a failure counts against its prefix. */
export type OperatorKeyVerification = { operator: OperatorPrincipal } | { operator: null; keyExists: boolean };

export async function verifyOperatorKey(prisma: PrismaClient, prefix: string, secret: string): Promise<OperatorKeyVerification> {
  const key = await prisma.operatorKey.findUnique({ where: { prefix } });
  if (!key) return { operator: null, keyExists: false };
  if (key.revokedAt) return { operator: null, keyExists: true };
  const { valid } = await verifySecret(secret, key.secretHash);
  if (!valid) return { operator: null, keyExists: true };
  // Minute resolution, like API keys: enough for "is this key still used?".
  if (!key.lastUsedAt || Date.now() - key.lastUsedAt.getTime() >= 60_000) {
    await prisma.operatorKey.update({ where: { id: key.id }, data: { lastUsedAt: new Date() } });
  }
  return { operator: { operatorKeyId: key.id, operatorKeyName: key.name } };
}

/** Writes the key file (mode 0600); returns why it failed instead of throwing, since the key is already committed. */
async function saveKeyFile(path: string, plaintext: string): Promise<string | undefined> {
  try {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, `${plaintext}\n`, { mode: 0o600 });
    await chmod(path, 0o600);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
