import type { Database } from '@agentloom/db';
import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { RunService } from '../runs/run-service';
import { createTestPlatform, silentLogger, type TestPlatform } from '../testing';
import { fenceRun } from './fence-run';
import { recoverExpiredLeases } from './recover-expired-leases';
import { claimRuns, releaseRun } from './run-claims';
import { RunExecutor } from './run-executor';
import type { RunProcessor } from './run-processor';

/**
 * A draining executor gives back only the attempt it still holds. Found by the fencing audit: the
 * release matched the lease owner but not the attempt, so when an executor re-claimed its own run
 * after its lease expired, the older attempt's processing settling during a drain gave back the
 * newer attempt, which that executor was still processing — its next fenced commit then failed.
 */

function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** The database with every Prisma transaction it starts recorded (the drain's release is one). */
function recordingTransactions(database: Database, transactions: Promise<unknown>[]): Database {
  const prisma = new Proxy(database.prisma, {
    get(target, property, receiver) {
      if (property !== '$transaction') return Reflect.get(target, property, receiver) as unknown;
      return (...args: unknown[]) => {
        const started = (target.$transaction as (...parameters: unknown[]) => Promise<unknown>)(...args);
        transactions.push(started.catch(() => undefined));
        return started;
      };
    },
  });
  return { ...database, prisma };
}

describe.each(databaseModes)('drain release fenced by attempt (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = (await test.platform.database.prisma.agent.findFirstOrThrow({ where: { slug: 'demo-operator' } })).id;
  });
  afterAll(() => test?.dispose());

  it('the stale attempt of a run the same executor re-claimed, settling during a drain, does not give back the live attempt', async () => {
    const { prisma } = test.platform.database;
    const { run } = await new RunService(test.platform.database).create(principal, { agentId, input: 'drain me' });
    const started = { 1: gate(), 2: gate() };
    const returns = { 1: gate(), 2: gate() };
    const staleSettled = gate();
    let liveOutcome = 'not committed';
    const processor: RunProcessor = {
      async process(claimed, owner) {
        const attempt = claimed.attempt as 1 | 2;
        started[attempt].open();
        // Attempt 1 is slow to stop (a tool ignoring its abort); attempt 2 is mid-step when the drain starts.
        await returns[attempt].opened;
        if (attempt === 1) return;
        // Attempt 2 commits its step (a fenced write), as a draining processor does.
        liveOutcome = await prisma
          .$transaction(async (transaction) => {
            await fenceRun(transaction, claimed, owner);
            await transaction.run.update({
              where: { id: claimed.id },
              data: { status: 'succeeded', leaseOwner: null, leaseExpiresAt: null, finishedAt: new Date() },
            });
          })
          .then(
            () => 'committed',
            (error: Error) => `lost: ${error.name}`,
          );
      },
    };
    const transactions: Promise<unknown>[] = [];
    const executor = new RunExecutor(
      recordingTransactions(test.platform.database, transactions),
      processor,
      silentLogger,
      { owner: 'worker-1', concurrency: 2, heartbeatMs: 3_600_000, recoveryIntervalMs: 3_600_000, pollMs: 50 },
      { runSettled: (settled) => (settled.attempt === 1 ? staleSettled.open() : undefined) },
    );
    await executor.start();
    await started[1].opened;
    // Attempt 1's lease runs out (no heartbeat got through), recovery re-queues the run as attempt 2 ...
    await prisma.$executeRawUnsafe(`UPDATE runs SET lease_expires_at = now() - interval '1 second' WHERE id = $1::uuid`, run.id);
    expect((await recoverExpiredLeases(prisma)).map((recovered) => recovered.attempt)).toEqual([2]);
    // ... and the same executor claims it again.
    executor.wake();
    await started[2].opened;

    // The drain starts while attempt 2 is mid-step; then the stale attempt 1 returns.
    const stopping = executor.stop(60_000);
    const transactionsBefore = transactions.length;
    returns[1].open();
    await staleSettled.opened;
    // A release would follow the settle in the same microtask chain: by the next macrotask it has begun.
    await new Promise((resolve) => setImmediate(resolve));
    await Promise.all(transactions);
    // The stale attempt is no longer the one held: its settle gives nothing back, not even a fenced no-op.
    expect(transactions.length).toBe(transactionsBefore);
    expect(await prisma.run.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({ status: 'running', leaseOwner: 'worker-1', attempt: 2 });

    returns[2].open();
    await stopping;
    expect(liveOutcome).toBe('committed');
    const queuedByDrain = await prisma.runEvent.count({
      where: { runId: run.id, type: 'run-queued', payload: { path: ['reason'], equals: 'executor shutting down' } },
    });
    expect(queuedByDrain).toBe(0);
  });

  it('releaseRun gives back nothing for an earlier attempt of the same owner', async () => {
    const { prisma } = test.platform.database;
    const { run } = await new RunService(test.platform.database).create(principal, { agentId, input: 'release me' });
    const [stale] = await claimRuns(prisma, 'worker-2', 1, 60_000);
    expect(stale).toMatchObject({ id: run.id, attempt: 1 });
    await prisma.$executeRawUnsafe(`UPDATE runs SET lease_expires_at = now() - interval '1 second' WHERE id = $1::uuid`, run.id);
    await recoverExpiredLeases(prisma);
    const [live] = await claimRuns(prisma, 'worker-2', 1, 60_000);
    expect(live).toMatchObject({ id: run.id, attempt: 2 });
    await releaseRun(prisma, 'worker-2', stale!);
    expect(await prisma.run.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({ status: 'running', leaseOwner: 'worker-2', attempt: 2 });
    await releaseRun(prisma, 'worker-2', live!);
    expect(await prisma.run.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({ status: 'queued', leaseOwner: null, attempt: 2 });
  });

  it('a run given back keeps its place in the queue: the next claim takes it before runs queued after it', async () => {
    const { prisma } = test.platform.database;
    const service = new RunService(test.platform.database);
    // Runs earlier tests left queued are out of the way, so the claims below see only these.
    await prisma.run.updateMany({ where: { status: 'queued' }, data: { status: 'cancelled', finishedAt: new Date() } });
    const { run: first } = await service.create(principal, { agentId, input: 'first in line' });
    const [claimed] = await claimRuns(prisma, 'draining-executor', 1, 60_000);
    expect(claimed?.id).toBe(first.id);
    const { run: later } = await service.create(principal, { agentId, input: 'queued while the first ran' });

    await releaseRun(prisma, 'draining-executor', claimed!);

    const [next] = await claimRuns(prisma, 'next-executor', 1, 60_000);
    expect(next?.id).toBe(first.id);
    expect(later.status).toBe('queued');
  });

  it('a stop returns even when a run never settles after its drain ran out (a statement the database never answers), leaving it to lease expiry', async () => {
    const { prisma } = test.platform.database;
    await prisma.run.updateMany({ where: { status: 'queued' }, data: { status: 'cancelled', finishedAt: new Date() } });
    const { run } = await new RunService(test.platform.database).create(principal, { agentId, input: 'hang on the database' });
    const started = gate();
    // Stands for a processor stuck in a statement: it ignores its drain and its abort alike.
    const processor: RunProcessor = {
      process: () => {
        started.open();
        return new Promise<never>(() => undefined);
      },
    };
    const executor = new RunExecutor(test.platform.database, processor, silentLogger, {
      owner: 'stuck-worker',
      concurrency: 1,
      heartbeatMs: 3_600_000,
      recoveryIntervalMs: 3_600_000,
      pollMs: 50,
      toolAbortGraceMs: 50,
    });
    await executor.start();
    await started.opened;

    await executor.stop(50);

    // Not given back (its processing never ended): held under its lease until the lease runs out.
    expect(await prisma.run.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({ status: 'running', leaseOwner: 'stuck-worker' });
  }, 60_000);
});
