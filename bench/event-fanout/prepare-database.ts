import path from 'node:path';

import { createPlatform, type Platform, type Principal } from '@agentloom/platform';
import { silentLogger } from '@agentloom/platform/testing';

import { repositoryRoot } from '../../apps/console/test/support/console-process';
import { appendRunEvents } from '../dispatch/agentloom-internals';

export interface PreparedDatabase {
  adminKey: string;
  operatorAgentId: string;
  /** A finished run holding `replayEvents` events, for the replay measurement. */
  replayRunId: string;
}

const eventsPerTransaction = 500;

/**
 * Seeds the database the console will open (demo tenant, admin key, demo agents) and writes a run
 * with many events through the platform in this process, before the console starts: the embedded
 * database admits one process at a time, and generating 10k events through approvals would take
 * far longer than the replay being measured. The run is cancelled at the end, which appends
 * `run-finished`, so a stream of it ends by itself.
 */
export async function prepareDatabase(database: { url?: string; dataDirectory?: string }, replayEvents: number): Promise<PreparedDatabase> {
  const platform = await createPlatform({
    database: { ...database, migrationsDirectory: path.join(repositoryRoot, 'prisma/migrations') },
    ...(database.dataDirectory ? { adminKeyPath: path.join(database.dataDirectory, 'admin-key') } : {}),
    // Benches seal nothing secret, but a Postgres-backed platform needs a secret key (AGENTLOOM_SECRET_KEY).
    ...(database.url ? { secrets: { key: Buffer.alloc(32, 7) } } : {}),
    logger: silentLogger,
  });
  try {
    const adminKey = platform.seed.adminKey;
    const principal = adminKey ? await platform.auth.authenticate(adminKey) : null;
    if (!adminKey || !principal) throw new Error('The bench database was not freshly seeded');
    const agents = await platform.database.prisma.agent.findMany({ select: { id: true, slug: true } });
    const agentId = (slug: string) => agents.find((agent) => agent.slug === slug)?.id ?? '';
    const replayRunId = await writeReplayRun(platform, principal, agentId('demo-researcher'), replayEvents);
    return { adminKey, operatorAgentId: agentId('demo-operator'), replayRunId };
  } finally {
    await platform.close();
  }
}

async function writeReplayRun(platform: Platform, principal: Principal, agentId: string, count: number): Promise<string> {
  // The executor of this platform never starts, so the run stays queued while events are added.
  const { run } = await platform.runs.create(principal, { agentId, input: 'replay bench' });
  const target = { id: run.id, tenantId: principal.tenantId };
  for (let written = 0; written < count; written += eventsPerTransaction) {
    const batch = Array.from({ length: Math.min(eventsPerTransaction, count - written) }, (_, index) => ({
      type: 'text-delta',
      payload: { text: `token ${written + index} of a long answer, about forty bytes` },
    }));
    await platform.database.prisma.$transaction((transaction) => appendRunEvents(transaction, target, batch));
  }
  await platform.runs.cancel(principal, { runId: run.id });
  return run.id;
}
