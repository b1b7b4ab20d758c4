import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';

import type { Database, Prisma } from '@agentloom/db';

import { generateApiKey } from '../auth/api-key-secret';
import type { Logger } from '../logging/logger';
import { demoAgents } from './demo-agents';

// Serializes seeding across processes starting at once against one server.
const seedAdvisoryLockKey = 4_104_201;

export interface SeedResult {
  seeded: boolean;
  tenantId?: string;
  adminKey?: string;
}

/**
 * On first start (no tenant at all): a demo tenant, an admin API key and the demo agents, in one
 * transaction. The key is printed once and then written to `<dataDirectory>/admin-key` (mode 0600)
 * so a local user can find it again; only its hash is stored. A key file that cannot be written is
 * a warning naming the path and the error, never a lost key.
 */
export async function seedDemoTenant(
  database: Database,
  adminKeyPath: string | undefined,
  logger: Logger,
): Promise<SeedResult> {
  const key = await generateApiKey();
  const tenantId = await database.prisma.$transaction(async (transaction) => {
    await transaction.$executeRawUnsafe('SELECT pg_advisory_xact_lock($1)', seedAdvisoryLockKey);
    if ((await transaction.tenant.count()) > 0) return undefined;
    const tenant = await transaction.tenant.create({ data: { slug: 'demo', name: 'Demo' } });
    await transaction.apiKey.create({
      data: { tenantId: tenant.id, name: 'Initial admin key', prefix: key.prefix, secretHash: key.secretHash, role: 'admin' },
    });
    for (const agent of demoAgents) {
      await transaction.agent.create({
        data: {
          tenantId: tenant.id,
          slug: agent.slug,
          name: agent.name,
          description: agent.description,
          versions: {
            create: {
              tenantId: tenant.id,
              version: 1,
              config: agent.config as Prisma.InputJsonObject,
              configHash: createHash('sha256').update(JSON.stringify(agent.config)).digest('hex'),
              createdBy: 'seed',
            },
          },
        },
      });
    }
    return tenant.id;
  });
  if (!tenantId) return { seeded: false };
  // Logged before the file is written: the transaction has committed the key's hash, so if the
  // plaintext were lost now (an unwritable data directory, a full disk) no one could ever sign in.
  logger.info(`Created the demo tenant. Admin API key (shown once): ${key.plaintext}`);
  if (adminKeyPath) await saveAdminKeyFile(adminKeyPath, key.plaintext, logger);
  return { seeded: true, tenantId, adminKey: key.plaintext };
}

/**
 * On a start that seeded nothing: where the first admin key can be found — the file, if it is
 * there. A first start that could not write it said so (a warning) and showed the key in its log.
 */
export function logAdminKeyLocation(adminKeyPath: string, logger: Logger): void {
  if (existsSync(adminKeyPath)) logger.info(`Sign in with an API key; the first admin key was saved to ${adminKeyPath}`);
  else logger.info(`Sign in with an API key; the first admin key was shown in the log of the first start (${adminKeyPath} does not exist)`);
}

/** A failed write is a warning, not a failed start: the key is already in the log. */
async function saveAdminKeyFile(path: string, plaintext: string, logger: Logger): Promise<void> {
  try {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, `${plaintext}\n`, { mode: 0o600 });
    await chmod(path, 0o600);
    logger.info(`Saved the admin API key to ${path} (mode 0600)`);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    logger.warn(`Could not save the admin API key to ${path}: ${reason}. Copy it from the line above; it is not shown again.`);
  }
}
