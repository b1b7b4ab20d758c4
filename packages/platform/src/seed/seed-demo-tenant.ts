import { createHash } from 'node:crypto';
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
 * transaction. The key is printed once and written to `<dataDirectory>/admin-key` (mode 0600) so a
 * local user can find it again; only its hash is stored.
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
  if (adminKeyPath) await writeAdminKeyFile(adminKeyPath, key.plaintext);
  const savedTo = adminKeyPath ? `, also saved to ${adminKeyPath}` : '';
  logger.info(`Created the demo tenant. Admin API key (shown once${savedTo}): ${key.plaintext}`);
  return { seeded: true, tenantId, adminKey: key.plaintext };
}

async function writeAdminKeyFile(path: string, plaintext: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, `${plaintext}\n`, { mode: 0o600 });
  await chmod(path, 0o600);
}
