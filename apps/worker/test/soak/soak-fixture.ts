import { createHash } from 'node:crypto';

import { createTestDatabaseConfig, type TestDatabaseConfig } from '@agentloom/db/testing';
import { createPlatform, type Platform, type Principal } from '@agentloom/platform';
import { silentLogger, testSecretKey } from '@agentloom/platform/testing';

import { createSoakTables } from './soak-schema';

/**
 * Three tool turns (unsafe, idempotent, unsafe) and a final answer, played by the offline demo
 * script model, so every run crosses several step commits and tool-ledger writes.
 */
const soakAgentConfig = {
  instructions: 'Append to the ledger, mark it, append again, then answer.',
  builtinTools: [],
  tools: ['ledger_append', 'ledger_mark'],
  demoScript: {
    replies: [
      { text: 'Appending the first entry.', toolCalls: [{ name: 'ledger_append', arguments: { entry: 1 } }] },
      { text: 'Marking it.', toolCalls: [{ name: 'ledger_mark', arguments: { entry: 2 } }] },
      { text: 'Appending the last entry.', toolCalls: [{ name: 'ledger_append', arguments: { entry: 3 } }] },
      { text: 'The ledger is up to date.' },
    ],
  },
};

export interface SoakFixture {
  /** What the worker processes get as DATABASE_URL. */
  databaseUrl: string;
  /** The test's own platform: creates runs and decides approvals; its executor never starts. */
  platform: Platform;
  principal: Principal;
  agentId: string;
  /** Queues `count` runs of the soak agent; returns their ids. */
  enqueue(count: number): Promise<string[]>;
  dispose(): Promise<void>;
}

/** A fresh server database with the demo tenant, the soak tables and the soak agent. */
export async function createSoakFixture(): Promise<SoakFixture> {
  const database: TestDatabaseConfig = await createTestDatabaseConfig('server');
  let platform: Platform | undefined;
  try {
    platform = await createPlatform({ database: database.config, logger: silentLogger, secrets: { key: testSecretKey } });
    const adminKey = platform.seed.adminKey;
    const principal = adminKey ? await platform.auth.authenticate(adminKey) : null;
    if (!principal) throw new Error('The soak database was not seeded with an admin key');
    const { prisma } = platform.database;
    await createSoakTables(prisma);
    // The soak kills workers far more often than production would; the attempts cap (3 by default)
    // would end runs as `attempts-exhausted`, which is designed behaviour, not loss. Raised through
    // the column default of this throwaway database, since updating rows that executors already
    // hold would contend with their heartbeats.
    await prisma.$executeRawUnsafe('ALTER TABLE runs ALTER COLUMN max_attempts SET DEFAULT 1000');
    const agent = await prisma.agent.create({
      data: {
        tenantId: principal.tenantId,
        slug: 'soak-ledger',
        name: 'Soak ledger',
        versions: {
          create: {
            tenantId: principal.tenantId,
            version: 1,
            config: soakAgentConfig,
            configHash: createHash('sha256').update(JSON.stringify(soakAgentConfig)).digest('hex'),
            createdBy: 'soak-test',
          },
        },
      },
    });
    const opened = platform;
    let created = 0;
    return {
      databaseUrl: database.config.url!,
      platform: opened,
      principal,
      agentId: agent.id,
      enqueue: async (count) => {
        const ids: string[] = [];
        for (let index = 0; index < count; index++) {
          created += 1;
          const { run } = await opened.runs.create(principal, { agentId: agent.id, input: `Soak run ${created}` });
          ids.push(run.id);
        }
        return ids;
      },
      dispose: async () => {
        await opened.close();
        await database.dispose();
      },
    };
  } catch (error) {
    await platform?.close().catch(() => undefined);
    await database.dispose();
    throw error;
  }
}
