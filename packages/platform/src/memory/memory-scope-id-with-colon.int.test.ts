import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestPlatform, silentLogger, type TestPlatform } from '../testing';

/**
 * End-user ids are free-form, and `slack:U123` or `auth0|abc` are what identity providers hand out.
 * Before, a user-level item of such a user was stored and then found by no search: the candidate
 * filter took the id as the second colon-separated part of `user:slack:U123`, i.e. `slack`. The
 * filter serves the API's search, the agent's `memory_search`, injection and extraction's `nearest`.
 */
describe.each(databaseModes)('user-level memory of an end user whose id has a colon (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
  });
  afterAll(async () => {
    await test?.dispose();
  });

  it.each(['slackU123', 'slack:U123', 'a:b:c', ':leading'])('is found by every search scoped to that end user (%s)', async (userId) => {
    const content = `The end user ${userId} prefers dark roast espresso`;
    const stored = await test.platform.memory.store(principal, { scope: { level: 'user', id: userId }, kind: 'fact', content });

    const hits = await test.platform.memory.search(principal, { text: 'dark roast espresso', scope: { userId } });
    expect(hits.map((hit) => hit.item.id)).toContain(stored.id);
    const viaPort = await test.platform.memoryPort.nearest({
      scope: { tenantId: principal.tenantId, agentId: 'any', userId },
      text: 'dark roast espresso',
      limit: 10,
    });
    expect(viaPort.map((hit) => hit.item.id)).toContain(stored.id);
  });

  it('keeps users apart whose ids share a prefix before the colon', async () => {
    const mine = await test.platform.memory.store(principal, {
      scope: { level: 'user', id: 'okta:alice' },
      kind: 'fact',
      content: 'Alice keeps a green umbrella',
    });
    await test.platform.memory.store(principal, { scope: { level: 'user', id: 'okta:bob' }, kind: 'fact', content: 'Bob keeps a green umbrella' });

    const hits = await test.platform.memory.search(principal, { text: 'green umbrella', scope: { userId: 'okta:alice' } });
    expect(hits.map((hit) => hit.item.id)).toEqual([mine.id]);
  });
});
