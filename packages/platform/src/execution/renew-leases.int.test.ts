import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createAndClaimRuns, createTestPlatform, silentLogger, type TestPlatform } from '../testing';
import { renewLeases } from './renew-leases';

const script = { completion: { verify: false, requireToolEvidence: false }, demoScript: { replies: [{ text: 'Done.' }] } };

describe.each(databaseModes)('lease renewal in one statement (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = (await test.platform.agents.create(principal, { slug: 'renewed', name: 'Renewed', config: script })).id;
  });
  afterAll(() => test?.dispose());

  const claimedBy = async (owner: string, count: number) =>
    (await createAndClaimRuns(test.platform, principal, { agentId, owner, count, leaseMs: 1_000 })).map((run) => run.id);

  const leaseOf = async (id: string) => test.platform.database.prisma.run.findUniqueOrThrow({ where: { id }, select: { leaseExpiresAt: true, heartbeatAt: true, leaseOwner: true } });

  it("extends only this owner's running leases, says which it holds and which were cancelled, and leaves the rest untouched", async () => {
    const { prisma, statements } = test.platform.database;
    const [mine, cancelled, finished] = await claimedBy('executor-a', 3);
    const [theirs] = await claimedBy('executor-b', 1);
    await prisma.run.update({ where: { id: cancelled! }, data: { cancelRequestedAt: new Date() } });
    // Finished with its owner still on the row: only the status keeps it from being renewed.
    await prisma.run.update({ where: { id: finished! }, data: { status: 'succeeded' } });
    const theirsBefore = await leaseOf(theirs!);
    const finishedBefore = await leaseOf(finished!);
    const mineBefore = await leaseOf(mine!);

    // The ids go in out of order, with someone else's run among them.
    const renewal = await renewLeases(statements, 'executor-a', [finished!, theirs!, cancelled!, mine!], 3_600_000);

    expect([...renewal.held].sort()).toEqual([mine!, cancelled!].sort());
    expect([...renewal.cancelRequested]).toEqual([cancelled!]);
    const mineAfter = await leaseOf(mine!);
    // An hour's lease from the statement's now(): far past the one-second lease the claim gave.
    expect(mineAfter.leaseExpiresAt!.getTime() - mineBefore.leaseExpiresAt!.getTime()).toBeGreaterThan(3_000_000);
    expect(mineAfter.heartbeatAt).not.toBeNull();
    expect(await leaseOf(theirs!)).toEqual(theirsBefore);
    expect(await leaseOf(finished!)).toEqual(finishedBefore);
  });

  it('answers an empty renewal without a statement, and nothing held for runs that are gone', async () => {
    const { statements } = test.platform.database;
    expect(await renewLeases(statements, 'executor-a', [], 60_000)).toEqual({ held: new Set(), cancelRequested: new Set() });
    const renewal = await renewLeases(statements, 'executor-a', ['00000000-0000-4000-8000-000000000000'], 60_000);
    expect(renewal.held.size).toBe(0);
  });
});
