import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { RunService } from '../runs/run-service';
import { createTestPlatform, silentLogger, type TestPlatform } from '../testing';
import { claimRuns } from './run-claims';
import { RunExecutor } from './run-executor';
import type { RunProcessor } from './run-processor';

/** Finishes each run by marking it succeeded; records what it saw. Test-only processor. */
function recordingProcessor(test: TestPlatform, seen: string[], delayMs = 0): RunProcessor {
  return {
    async process(run, owner) {
      seen.push(run.id);
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      await test.platform.database.prisma.run.updateMany({ where: { id: run.id, leaseOwner: owner }, data: { status: 'succeeded', leaseOwner: null, finishedAt: new Date() } });
    },
  };
}

describe.each(databaseModes)('run executor (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;
  let runs: RunService;

  beforeAll(async () => {
    test = await createTestPlatform(mode);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = (await test.platform.database.prisma.agent.findFirstOrThrow({ where: { slug: 'demo-operator' } })).id;
    runs = new RunService(test.platform.database);
  });
  afterAll(() => test?.dispose());

  it('claims each queued run exactly once across two executors and processes all of them', async () => {
    const created = await Promise.all(Array.from({ length: 20 }, (_, index) => runs.create(principal, { agentId, input: `job ${index}` })));
    const seen: string[] = [];
    const executors = [0, 1].map((index) => new RunExecutor(test.platform.database, recordingProcessor(test, seen, 5), silentLogger, { owner: `executor-${index}`, concurrency: 3, pollMs: 50 }));
    await Promise.all(executors.map((executor) => executor.start()));
    await expect.poll(() => seen.length, { timeout: 20_000 }).toBe(20);
    await Promise.all(executors.map((executor) => executor.stop()));
    expect(new Set(seen).size).toBe(20);
    expect(seen.sort()).toEqual(created.map((result) => result.run.id).sort());
  });

  it('recovers a run whose executor died (expired lease) with attempt + 1, and fails it after max attempts', async () => {
    const { prisma } = test.platform.database;
    const { run } = await runs.create(principal, { agentId, input: 'crash' });
    await prisma.run.update({ where: { id: run.id }, data: { maxAttempts: 2 } });
    // A "dead" executor claims with a lease that is already over.
    expect((await claimRuns(prisma, 'dead-executor', 1, -1_000)).map((claimed) => claimed.id)).toEqual([run.id]);
    const seen: string[] = [];
    const crashing: RunProcessor = { process: (claimed) => Promise.resolve(void seen.push(`${claimed.id}@${claimed.attempt}`)) };
    const executor = new RunExecutor(test.platform.database, crashing, silentLogger, { owner: 'survivor', leaseMs: -1_000, pollMs: 50, recoveryIntervalMs: 100 });
    await executor.start();
    await expect.poll(async () => (await prisma.run.findUniqueOrThrow({ where: { id: run.id } })).status, { timeout: 20_000 }).toBe('failed');
    await executor.stop();
    expect(seen).toEqual([`${run.id}@2`]);
    const final = await prisma.run.findUniqueOrThrow({ where: { id: run.id } });
    expect(final).toMatchObject({ attempt: 2, errorKind: 'attempts-exhausted' });
    const types = (await prisma.runEvent.findMany({ where: { runId: run.id }, orderBy: { seq: 'asc' } })).map((event) => event.type);
    expect(types).toEqual(['run-created', 'run-started', 'run-recovered', 'run-queued', 'run-started', 'run-recovered', 'run-finished']);
  });

  it('gives held runs back to the queue when it drains', async () => {
    const { prisma } = test.platform.database;
    const { run } = await runs.create(principal, { agentId, input: 'drain' });
    let started = false;
    const slow: RunProcessor = {
      process: (_claimed, _owner, signals) =>
        new Promise<void>((resolve) => {
          started = true;
          signals.drain.addEventListener('abort', () => resolve(), { once: true });
        }),
    };
    const executor = new RunExecutor(test.platform.database, slow, silentLogger, { owner: 'draining', pollMs: 50 });
    await executor.start();
    await expect.poll(() => started, { timeout: 10_000 }).toBe(true);
    await executor.stop();
    expect(await prisma.run.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({ status: 'queued', leaseOwner: null });
  });
});
