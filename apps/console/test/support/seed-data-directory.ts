import path from 'node:path';

import { migratedEmbeddedArchive } from '@agentloom/db/testing';
import { createPlatform } from '@agentloom/platform';
import { silentLogger } from '@agentloom/platform/testing';

import { repositoryRoot } from './console-process';

export interface SeededDataDirectory {
  adminKey: string;
  /** The instance operator key, also in `<dir>/operator-key`. */
  operatorKey: string;
  /** Demo agent ids by slug (`demo-researcher`, `demo-operator`). */
  agentIds: Record<string, string>;
}

/**
 * Seeds a fresh embedded data directory the way the console's first start would (demo tenant,
 * admin key in `<dir>/admin-key`, demo agents) and reads the agent ids, then closes it: the REST
 * API has no agents route yet, and the directory must be closed before the console opens it
 * (two openers corrupt PGlite).
 */
export async function seedDataDirectory(dataDirectory: string): Promise<SeededDataDirectory> {
  const migrationsDirectory = path.join(repositoryRoot, 'prisma/migrations');
  const platform = await createPlatform({
    // Starts from the migrated archive the in-memory test databases use, instead of initdb and every migration.
    database: { dataDirectory, migrationsDirectory, initialDataDirectory: await migratedEmbeddedArchive(migrationsDirectory) },
    adminKeyPath: path.join(dataDirectory, 'admin-key'),
    operatorKeyPath: path.join(dataDirectory, 'operator-key'),
    logger: silentLogger,
  });
  try {
    const adminKey = platform.seed.adminKey;
    const operatorKey = platform.operatorKey.operatorKey;
    if (!adminKey || !operatorKey) throw new Error(`${dataDirectory} was already seeded; use a fresh directory`);
    const agents = await platform.database.prisma.agent.findMany({ select: { id: true, slug: true } });
    return { adminKey, operatorKey, agentIds: Object.fromEntries(agents.map((agent) => [agent.slug, agent.id])) };
  } finally {
    await platform.close();
  }
}
