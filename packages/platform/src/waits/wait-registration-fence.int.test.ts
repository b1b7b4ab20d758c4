import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { recoverExpiredLeases } from '../execution/recover-expired-leases';
import { claimRuns, type ClaimedRun } from '../execution/run-claims';
import { createTestAgent, createTestPlatform, silentLogger, type TestPlatform } from '../testing';
import { PrismaWaitPort } from './prisma-wait-port';

/**
 * A wait is registered only under the run's lease for this attempt. Found by the fencing audit: the
 * port wrote `run_waits` with no fence, so an executor that lost its lease between the call's
 * (fenced) start and the registration left a pending wait behind. That orphan held the tenant's
 * correlation key — the live attempt's `wait_for_event` on the same key was refused as "already
 * awaited by another run" — and the key's event was delivered to it instead of to the live call.
 */
describe.each(databaseModes)('wait registration fenced by the lease (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: 'waiter',
      config: {
        builtinTools: ['wait_for_event'],
        completion: { verify: false, requireToolEvidence: false },
        demoScript: { replies: [{ text: 'ok', toolCalls: [] }] },
      },
    });
  });
  afterAll(() => test?.dispose());

  /** A run claimed by `staleOwner` (attempt 1) whose lease ran out, recovered, and claimed again by `liveOwner` (attempt 2). */
  const takenOver = async (staleOwner: string, liveOwner: string): Promise<{ stale: ClaimedRun; live: ClaimedRun }> => {
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'Await the payment' });
    const { prisma } = test.platform.database;
    const [stale] = await claimRuns(prisma, staleOwner, 1, 60_000);
    expect(stale?.id).toBe(run.id);
    await prisma.$executeRawUnsafe(`UPDATE runs SET lease_expires_at = now() - interval '1 second' WHERE id = $1::uuid`, run.id);
    await recoverExpiredLeases(prisma);
    const [live] = await claimRuns(prisma, liveOwner, 1, 60_000);
    expect(live).toMatchObject({ id: run.id, attempt: 2 });
    return { stale: stale!, live: live! };
  };

  it.each([
    ['another executor', 'executor-b'],
    // Only the attempt number tells the old processing from the new one here.
    ['the same executor', 'executor-a'],
  ])('an executor whose lease was taken over (by %s) registers no wait: LeaseLostError, no row', async (_case, liveOwner) => {
    const { stale } = await takenOver('executor-a', liveOwner);
    // The stale attempt's wait tool started its call before the lease was lost and registers its wait now.
    const registering = new PrismaWaitPort(test.platform.database.prisma, stale, 'executor-a').register('run', 'call_stale', {
      kind: 'event',
      correlationKey: `order-${stale.id}`,
    });
    await expect(registering).rejects.toMatchObject({ name: 'LeaseLostError' });
    // A due timer takes the completing path too: fenced by the same transaction.
    const timer = new PrismaWaitPort(test.platform.database.prisma, stale, 'executor-a').register('run', 'call_stale_timer', { kind: 'timer', afterMs: 0 });
    await expect(timer).rejects.toMatchObject({ name: 'LeaseLostError' });
    expect(await test.platform.database.prisma.runWait.count({ where: { runId: stale.id } })).toBe(0);
  });

  it('the live attempt waits on the key the stale executor tried to take, and the event reaches the live call', async () => {
    const { stale, live } = await takenOver('executor-a', 'executor-b');
    const { prisma } = test.platform.database;
    const key = `invoice-${live.id}`;
    await expect(new PrismaWaitPort(prisma, stale, 'executor-a').register('run', 'call_stale', { kind: 'event', correlationKey: key })).rejects.toMatchObject({
      name: 'LeaseLostError',
    });
    // The live attempt re-runs the step: its provider gives the same tool call a new id.
    const registered = await new PrismaWaitPort(prisma, live, 'executor-b').register('run', 'call_live', { kind: 'event', correlationKey: key });
    expect(registered.status).toBe('pending');
    const delivery = await test.platform.waits.deliver(principal, { correlationKey: key, payload: { paid: true } });
    expect(delivery.callId).toBe('call_live');
  });
});
