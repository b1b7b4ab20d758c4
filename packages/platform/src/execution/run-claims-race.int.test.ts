import { randomUUID } from 'node:crypto';

import { rawSqlFor } from '@agentloom/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestAgent, createTestPlatform, silentLogger, type TestPlatform } from '../testing';
import { claimRuns } from './run-claims';

/**
 * The claim's race guard, made deterministic: claimer A has claimed a run in a transaction it has
 * not committed; claimer B, on another connection, must neither wait for A nor take the run once A
 * commits. Server mode only — the embedded database serves one transaction at a time, so two
 * claimers cannot overlap there.
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

    let claimedByA!: (ids: string[]) => void;
    const aClaimed = new Promise<string[]>((resolve) => (claimedByA = resolve));
    let commitA!: () => void;
    const aMayCommit = new Promise<void>((resolve) => (commitA = resolve));
    const a = prisma.$transaction(
      async (transaction) => {
        const runs = await claimRuns(transaction, 'claimer-a', 1, 60_000);
        claimedByA(runs.map((run) => run.id));
        await aMayCommit;
        return runs;
      },
      { timeout: 120_000 },
    );
    expect(await aClaimed).toEqual([first]);

    let bDone = false;
    const b = claimRuns(test.platform.database.statements, 'claimer-b', 2, 60_000).then((runs) => {
      bDone = true;
      return runs;
    });
    // A state, not a time: B has either finished, or is waiting on a lock A holds.
    const waitingOnA = async () =>
      Number((await rawSqlFor(prisma).query<{ waiting: bigint }>("SELECT count(*) AS waiting FROM pg_locks WHERE NOT granted AND locktype IN ('tuple', 'transactionid')"))[0]?.waiting ?? 0) > 0;
    try {
      await expect.poll(async () => bDone || (await waitingOnA()), { timeout: 60_000 }).toBe(true);
      expect(bDone, 'claimer B waited for claimer A’s lock instead of skipping the run').toBe(true);
    } finally {
      commitA();
      await a;
    }
    expect((await b).map((run) => run.id)).toEqual([second]);
    const owners = await prisma.run.findMany({ where: { id: { in: [first, second] } }, select: { id: true, leaseOwner: true, attempt: true } });
    expect(Object.fromEntries(owners.map((run) => [run.id, [run.leaseOwner, run.attempt]]))).toEqual({ [first]: ['claimer-a', 1], [second]: ['claimer-b', 1] });
  });
});
