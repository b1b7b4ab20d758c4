import path from 'node:path';

import { migratedEmbeddedArchive } from '@agentloom/db/testing';
import { createPlatform, generateApiKey, roles, type Role } from '@agentloom/platform';
import { silentLogger } from '@agentloom/platform/testing';

import { repositoryRoot } from './console-process';

export type RoleKeys = Record<Role, string>;

export interface SecurityTenants {
  tenantA: { id: string; keys: RoleKeys; agentIds: Record<string, string> };
  tenantB: { id: string; keys: RoleKeys };
  /** The instance operator key created at first start. */
  operatorKey: string;
}

/**
 * Seeds a fresh embedded data directory the way the console's first start does (tenant A: the
 * demo tenant with its agents), then adds tenant B and a key of every role in both tenants, and
 * closes it (the console must be the only opener).
 */
export async function seedSecurityTenants(dataDirectory: string): Promise<SecurityTenants> {
  const migrationsDirectory = path.join(repositoryRoot, 'prisma/migrations');
  const platform = await createPlatform({
    // Starts from the migrated archive the in-memory test databases use, instead of initdb and every migration.
    database: { dataDirectory, migrationsDirectory, initialDataDirectory: await migratedEmbeddedArchive(migrationsDirectory) },
    logger: silentLogger,
  });
  try {
    const { prisma } = platform.database;
    const tenantAId = platform.seed.tenantId;
    const operatorKey = platform.operatorKey.operatorKey;
    if (!tenantAId || !operatorKey) throw new Error(`${dataDirectory} was already seeded; use a fresh directory`);
    const tenantB = await prisma.tenant.create({ data: { slug: 'tenant-b', name: 'Tenant B' } });
    const keysFor = async (tenantId: string): Promise<RoleKeys> => {
      const entries = await Promise.all(
        roles.map(async (role) => {
          const key = await generateApiKey();
          await prisma.apiKey.create({ data: { tenantId, name: `security ${role}`, role, prefix: key.prefix, secretHash: key.secretHash } });
          return [role, key.plaintext] as const;
        }),
      );
      return Object.fromEntries(entries) as RoleKeys;
    };
    const agents = await prisma.agent.findMany({ where: { tenantId: tenantAId }, select: { id: true, slug: true } });
    return {
      tenantA: { id: tenantAId, keys: await keysFor(tenantAId), agentIds: Object.fromEntries(agents.map((agent) => [agent.slug, agent.id])) },
      tenantB: { id: tenantB.id, keys: await keysFor(tenantB.id) },
      operatorKey,
    };
  } finally {
    await platform.close();
  }
}
