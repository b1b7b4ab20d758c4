import { afterAll, beforeAll, expect, it } from 'vitest';

import { createTestPlatform, silentLogger, type TestPlatform } from '../testing';
import type { Principal } from './roles';

/**
 * Two admin keys revoking each other at the same moment: one revoke wins, and the other request is
 * answered as what it now is — a request of a revoked key (`unauthenticated`) — never a deadlock the
 * database broke (each had share-locked its own key, then waited to update the other's). Server mode:
 * the embedded database serves one transaction at a time, so the two never interleave there.
 */
let test: TestPlatform;
let admin: Principal;

beforeAll(async () => {
  test = await createTestPlatform('server', silentLogger);
  admin = (await test.platform.auth.authenticate(test.adminKey))!;
});
afterAll(() => test?.dispose());

it('one of two keys revoking each other wins; the other is unauthenticated, never a deadlock', async () => {
  const outcomes = new Map<string, number>();
  for (let round = 0; round < 25; round += 1) {
    const first = await test.platform.apiKeys.create(admin, { name: `first-${round}`, role: 'admin' });
    const second = await test.platform.apiKeys.create(admin, { name: `second-${round}`, role: 'admin' });
    const firstPrincipal = (await test.platform.auth.authenticate(first.key))!;
    const secondPrincipal = (await test.platform.auth.authenticate(second.key))!;
    const settled = await Promise.allSettled([
      test.platform.apiKeys.revoke(firstPrincipal, { apiKeyId: second.id }),
      test.platform.apiKeys.revoke(secondPrincipal, { apiKeyId: first.id }),
    ]);
    const kinds = settled.map((result) => {
      if (result.status === 'fulfilled') return 'revoked';
      const kind = (result.reason as { kind?: unknown }).kind;
      return typeof kind === 'string' ? kind : (result.reason as Error).message;
    });
    for (const kind of kinds) outcomes.set(kind, (outcomes.get(kind) ?? 0) + 1);
    expect(kinds.sort(), `round ${round}`).toEqual(['revoked', 'unauthenticated']);
    const keys = await test.platform.database.prisma.apiKey.findMany({ where: { id: { in: [first.id, second.id] } }, select: { revokedAt: true } });
    expect(keys.filter((key) => key.revokedAt !== null)).toHaveLength(1);
  }
  expect(outcomes.get('revoked')).toBe(25);
});
