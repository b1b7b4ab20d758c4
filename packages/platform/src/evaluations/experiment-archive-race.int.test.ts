import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestAgent, createTestPlatform, silentLogger, type TestPlatform } from '../testing';
import { holdRowLock, sessionsWaitingOnLocks } from '../testing/hold-row-lock';

/**
 * Starting an experiment read its agent once, outside the transaction that queues the replays. An
 * archive that committed in between left an experiment replaying an archived agent (archived agents
 * run nothing else). The agent is now read again in that transaction, share-locked. The interleaving
 * is decided by a held row lock (server database).
 */
describe('starting an experiment while its agent is archived (server)', () => {
  let test: TestPlatform;
  let principal: Principal;

  beforeAll(async () => {
    test = await createTestPlatform('server', silentLogger);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it('refuses once the archive commits, and queues nothing', async () => {
    const agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: 'archived-midway',
      config: { demoScript: { replies: [{ text: 'ok' }] } },
    });
    await test.platform.datasets.create(principal, { name: 'archive-race' });
    await test.platform.datasets.importCases(principal, { name: 'archive-race', jsonl: JSON.stringify({ input: 'one' }) });

    // The archive is under way: its row update is done and not yet committed.
    const archive = await holdRowLock(test.platform.database, 'UPDATE agents SET archived_at = now() WHERE id = $1::uuid RETURNING id', agentId);
    const started = test.platform.experiments
      .create(principal, { dataset: 'archive-race', agentId, agentVersion: 1, scorers: [] })
      .catch((error: unknown) => error);
    await expect.poll(() => sessionsWaitingOnLocks(test.platform.database, '%FROM agents%'), { timeout: 60_000, interval: 50 }).toBe(1);
    archive.release();
    await archive.done;

    expect(await started).toMatchObject({ kind: 'not-found', field: 'agentVersion' });
    expect(await test.platform.database.prisma.evalExperiment.count({ where: { tenantId: principal.tenantId } })).toBe(0);
    expect(await test.platform.database.prisma.run.count({ where: { agentId } })).toBe(0);
  });
});
