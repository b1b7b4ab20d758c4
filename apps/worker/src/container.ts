import { join } from 'node:path';

import { consoleLogger, createPlatform, type Platform } from '@agentloom/platform';

import type { WorkerEnvironment } from './env';

/** The worker's one composition root: builds the platform from the validated environment. */
export async function createWorkerContainer(environment: WorkerEnvironment): Promise<{ platform: Platform }> {
  const platform = await createPlatform({
    database: { url: environment.DATABASE_URL, migrationsDirectory: environment.AGENTLOOM_MIGRATIONS_DIR },
    adminKeyPath: join(environment.AGENTLOOM_DATA_DIR, 'admin-key'),
    executor: {
      concurrency: environment.AGENTLOOM_WORKER_CONCURRENCY,
      ...(environment.AGENTLOOM_WORKER_ID ? { owner: environment.AGENTLOOM_WORKER_ID } : {}),
      leaseMs: environment.AGENTLOOM_LEASE_MS,
      heartbeatMs: environment.AGENTLOOM_HEARTBEAT_MS,
    },
    logger: consoleLogger,
  });
  return { platform };
}
