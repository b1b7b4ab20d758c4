import { randomUUID } from 'node:crypto';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestAgent, createTestPlatform, silentLogger, type TestPlatform } from '../testing';
import { raceTwoClaimers } from './two-claimers';

/**
 * The claim's race guard, made deterministic (two-claimers.ts): claimer A has claimed a run in a
 * transaction it has not committed; claimer B, on another connection, must neither wait for A nor
 * take the run once A commits. Server mode only — the embedded database serves one transaction at a
 * time, so two claimers cannot overlap there.
 */
describe('claims never double-claim and never wait for each other (server)', () => {
  let test: TestPlatform;
  let principal: Principal;

  beforeAll(async () => {
    test = await createTestPlatform('server', silentLogger);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
  });
  afterAll(() => test?.dispose());

  it('a run locked by an uncommitted claim is skipped by a concurrent claimer, which takes the next one', async () => {
    const agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: `claim-race-${randomUUID()}`,
      config: { demoScript: { replies: [{ text: 'Done.' }] } },
    });
    const thread = await test.platform.threads.create(principal, { agentId });
    const first = (await test.platform.runs.create(principal, { agentId, threadId: thread.id, input: 'first' })).run.id;
    const second = (await test.platform.runs.create(principal, { agentId, input: 'second' })).run.id;
    const { prisma } = test.platform.database;

    // B must skip A's locked run, not wait on its row lock (tuple) or its transaction (transactionid).
    const race = await raceTwoClaimers(test.platform.database, { limitA: 1, limitB: 2, waitLockTypes: ['tuple', 'transactionid'] });
    expect(race.a.map((run) => run.id)).toEqual([first]);
    expect(race.bFinishedWhileAHeld, 'claimer B waited for claimer A’s lock instead of skipping the run').toBe(true);
    expect(race.b.map((run) => run.id)).toEqual([second]);
    const owners = await prisma.run.findMany({ where: { id: { in: [first, second] } }, select: { id: true, leaseOwner: true, attempt: true } });
    expect(Object.fromEntries(owners.map((run) => [run.id, [run.leaseOwner, run.attempt]]))).toEqual({ [first]: ['claimer-a', 1], [second]: ['claimer-b', 1] });
  });
});
