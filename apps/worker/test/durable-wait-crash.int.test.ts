import { createTestDatabaseConfig, type TestDatabaseConfig } from '@agentloom/db/testing';
import { createPlatform, type Platform, type Principal } from '@agentloom/platform';
import { createTestAgent, silentLogger, testSecretKey } from '@agentloom/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { WorkerFleet } from './soak/worker-fleet';

const sleepSeconds = 4;
const workerNames = ['a', 'b'];
// Worker start-up (tsx, migrations check) is slow on a loaded 2-core machine.
const workerStartMs = 240_000;

/** The test's "console": creates the run and reads it; its executor never starts, and it is restarted too. */
async function openConsole(database: TestDatabaseConfig): Promise<{ platform: Platform; principal: Principal }> {
  const platform = await createPlatform({ database: database.config, logger: silentLogger, secrets: { key: testSecretKey } });
  const principal = await platform.auth.authenticate(platform.seed.adminKey ?? '');
  if (!principal) throw new Error('The test database was not seeded with an admin key');
  return { platform, principal };
}

describe('a run sleeping across kill -9 of every process resumes once, after its wake time (server mode)', () => {
  let database: TestDatabaseConfig;
  let fleet: WorkerFleet | undefined;
  let platform: Platform | undefined;

  beforeAll(async () => {
    database = await createTestDatabaseConfig('server');
  });

  afterAll(async () => {
    await fleet?.killAll();
    await platform?.close();
    await database?.dispose();
  });

  it('parks, survives the crash of every worker and of the console, and wakes exactly once', { timeout: 600_000 }, async () => {
    const opened = await openConsole(database);
    platform = opened.platform;
    const { principal } = opened;
    const agentId = await createTestAgent(platform.database, {
      tenantId: principal.tenantId,
      slug: 'sleeper',
      config: {
        instructions: 'Sleep, then report.',
        builtinTools: ['sleep'],
        completion: { verify: false, requireToolEvidence: false },
        demoScript: { replies: [{ text: 'Sleeping.', toolCalls: [{ name: 'sleep', arguments: { seconds: sleepSeconds } }] }, { text: 'Rested.' }] },
      },
    });
    fleet = new WorkerFleet({
      DATABASE_URL: database.config.url!,
      AGENTLOOM_WORKER_CONCURRENCY: '4',
      // The run holds no lease while it sleeps; a long lease keeps a loaded machine's late heartbeats from
      // expiring it while it runs (lease churn is the crash soak's subject, not this test's).
      AGENTLOOM_LEASE_MS: '30000',
      AGENTLOOM_HEARTBEAT_MS: '2000',
      AGENTLOOM_RECOVERY_INTERVAL_MS: '500',
      AGENTLOOM_POLL_MS: '100',
    });
    for (const name of workerNames) fleet.start(name);
    await Promise.all(workerNames.map((name) => fleet!.waitReady(name, workerStartMs)));

    const { run } = await platform.runs.create(principal, { agentId, input: 'Take a nap' });
    const statusOf = async () => (await platform!.database.prisma.run.findUniqueOrThrow({ where: { id: run.id }, select: { status: true } })).status;
    await expect.poll(statusOf, { timeout: 180_000, interval: 100 }).toBe('waiting');

    // kill -9 every worker and close the console: nothing that knew about the sleep is left.
    await fleet.killAll();
    await platform.close();
    platform = undefined;

    // Every process comes back: the console (a new platform on the same database) and both workers, racing for the wake.
    platform = (await openConsoleAgain(database)).platform;
    for (const name of workerNames) fleet.start(name);
    await Promise.all(workerNames.map((name) => fleet!.waitReady(name, workerStartMs)));
    await expect.poll(statusOf, { timeout: 180_000, interval: 200 }).toBe('succeeded');

    const { prisma } = platform.database;
    const wait = await prisma.runWait.findFirstOrThrow({ where: { runId: run.id } });
    const events = await prisma.runEvent.findMany({ where: { runId: run.id }, orderBy: { seq: 'asc' } });
    const woke = events.filter((event) => event.type === 'run-started' && (event.payload as { wokeFromWait?: boolean }).wokeFromWait === true);
    expect(woke).toHaveLength(1);
    expect(woke[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(wait.wakeAt!.getTime());
    expect(events.filter((event) => event.type === 'run-waiting')).toHaveLength(1);
    expect(events.filter((event) => event.type === 'tool-call-finished')).toHaveLength(1);
    const toolMessages = await prisma.message.findMany({ where: { runId: run.id, role: 'tool' } });
    expect(toolMessages.map((message) => message.content)).toEqual([`Waited until ${wait.wakeAt!.toISOString()}.`]);
    expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index + 1));
    expect(fleet.unexpectedExits).toEqual([]);
  });
});

/** A restarted console: the database is seeded already, so it opens without minting a key. */
async function openConsoleAgain(database: TestDatabaseConfig): Promise<{ platform: Platform }> {
  return { platform: await createPlatform({ database: database.config, logger: silentLogger, secrets: { key: testSecretKey } }) };
}
