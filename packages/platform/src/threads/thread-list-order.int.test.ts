import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestPlatform, silentLogger, type TestPlatform } from '../testing';

/**
 * Threads are listed most recently active first (REST, tRPC, the console). Before, a thread's time
 * moved only on rename or archive: a conversation that just got a new run stayed where it was, below
 * threads nobody had touched since.
 */
describe.each(databaseModes)('the thread list (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = (await test.platform.database.prisma.agent.findFirstOrThrow({ where: { tenantId: principal.tenantId, slug: 'demo-researcher' } })).id;
  });
  afterAll(async () => {
    await test?.dispose();
  });

  const titles = async () => (await test.platform.threads.list(principal, { agentId })).threads.map((thread) => thread.title);

  it('moves a thread to the top when a run starts on it', async () => {
    const older = await test.platform.threads.create(principal, { agentId, title: 'older' });
    await test.platform.threads.create(principal, { agentId, title: 'newer' });
    expect((await titles()).slice(0, 2)).toEqual(['newer', 'older']);

    await test.platform.runs.create(principal, { agentId, threadId: older.id, input: 'back to the older conversation' });
    expect((await titles()).slice(0, 2)).toEqual(['older', 'newer']);
  });

  it('leaves the thread where it was when the run is refused', async () => {
    const first = await test.platform.threads.create(principal, { agentId, title: 'first' });
    await test.platform.threads.create(principal, { agentId, title: 'second' });
    await expect(test.platform.runs.create(principal, { agentId, threadId: first.id, input: 'x', agentVersion: 999 })).rejects.toMatchObject({
      kind: 'not-found',
    });
    expect((await titles()).slice(0, 2)).toEqual(['second', 'first']);
  });
});
