import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestPlatform, type TestPlatform } from '../testing';

describe.each(databaseModes)('forgetting keyed memory (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;

  beforeAll(async () => {
    test = await createTestPlatform(mode);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
  });
  afterAll(() => test?.dispose());

  /** Stores the values in order under one key; returns their ids, oldest first. */
  const storeChain = async (key: string, values: string[]): Promise<string[]> => {
    const ids: string[] = [];
    for (const content of values) ids.push((await test.platform.memory.store(principal, { scope: { level: 'project' }, kind: 'fact', key, content })).id);
    return ids;
  };
  const liveContents = async (key: string): Promise<string[]> => {
    const rows = await test.platform.database.prisma.memoryItem.findMany({ where: { tenantId: principal.tenantId, key, supersededById: null } });
    return rows.map((row) => row.content);
  };
  const searchContents = async (text: string): Promise<string[]> =>
    (await test.platform.memory.search(principal, { text, limit: 10 })).map((hit) => hit.item.content);

  it('forgetting the newest item of a key does not bring the superseded value back', async () => {
    const [, newest] = await storeChain('office.city', ['The office is in Lisbon', 'The office is in Porto']);
    const result = await test.platform.memory.forget(principal, { memoryItemId: newest });
    expect(result).toMatchObject({ forgotten: true, restoredId: null, historyForgotten: 1 });
    expect(await liveContents('office.city')).toEqual([]);
    expect(await searchContents('where is the office Lisbon Porto')).toEqual([]);
  });

  it('brings the previous value back when asked (restorePrevious)', async () => {
    const [oldest, middle, newest] = await storeChain('deploy.day', ['Deploys happen on Monday', 'Deploys happen on Tuesday', 'Deploys happen on Wednesday']);
    const result = await test.platform.memory.forget(principal, { memoryItemId: newest, restorePrevious: true });
    expect(result).toMatchObject({ forgotten: true, restoredId: middle });
    expect(await liveContents('deploy.day')).toEqual(['Deploys happen on Tuesday']);
    const history = await test.platform.memory.supersessionChain(principal, { memoryItemId: middle });
    expect(history.map((item) => item.id)).toEqual([oldest, middle]);
  });

  it('forgetting a value in the middle of the history keeps the chain whole and the newest live', async () => {
    const [oldest, middle, newest] = await storeChain('standup.time', ['Standup at 9:00', 'Standup at 9:30', 'Standup at 10:00']);
    await test.platform.memory.forget(principal, { memoryItemId: middle });
    expect(await liveContents('standup.time')).toEqual(['Standup at 10:00']);
    const oldestRow = await test.platform.database.prisma.memoryItem.findUniqueOrThrow({ where: { id: oldest! } });
    expect(oldestRow.supersededById).toBe(newest);
  });

  it('the runtime port forgets the same way (a tool or an agent cannot resurrect an old value)', async () => {
    const [, newest] = await storeChain('lunch.place', ['Lunch at the canteen', 'Lunch at the food trucks']);
    expect(await test.platform.memoryPort.forget(newest!)).toBe(true);
    expect(await liveContents('lunch.place')).toEqual([]);
  });
});
