import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestPlatform, type TestPlatform } from '../testing';

describe.each(databaseModes)('offline knowledge updates rank newest first (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;

  beforeAll(async () => {
    test = await createTestPlatform(mode);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
  });
  afterAll(() => test?.dispose());

  it('an unkeyed later version of a fact outranks the earlier one it near-duplicates', async () => {
    const store = (content: string, occurredAt: string) =>
      test.platform.memoryPort.storeItem({ scope: { tenantId: principal.tenantId }, kind: 'fact', content, occurredAt: new Date(occurredAt) });
    // Stored newest first, so insertion order (and the time-ordered id) cannot be what puts it first.
    const newer = await store('Our deploy freeze window is Thursday afternoon', '2026-05-04T09:00:00Z');
    const older = await store('Our deploy freeze window is Tuesday morning, deploy freeze window approved by ops', '2026-03-02T09:00:00Z');
    const hits = await test.platform.memory.search(principal, { text: 'deploy freeze window', limit: 5 });
    expect(hits.map((hit) => hit.item.id)).toEqual([newer.id, older.id]);
    expect(hits[0]?.item.occurredAt).toBe('2026-05-04T09:00:00.000Z');
  });
});
