import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestPlatform, silentLogger, type TestPlatform } from '../testing';

const ancient = '-010000-01-01T00:00:00.000Z';

/** Dates JavaScript accepts but Postgres cannot store (before 4713 BC, or year 0): a validation error naming the field, no row written. */
describe.each(databaseModes)('memory dates out of the database range (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
  }, 300_000);
  afterAll(() => test?.dispose());

  const refusal = async (call: () => Promise<unknown>): Promise<unknown> => {
    try {
      await call();
      return 'ok';
    } catch (error) {
      const { kind, field } = error as { kind?: string; field?: string };
      return { kind: kind ?? (error as Error).constructor.name, field };
    }
  };

  it('refuses occurredAt / expiresAt far in the past on store, and occurredAfter / now on search', async () => {
    const before = await test.platform.database.prisma.memoryItem.count();
    const outcomes = {
      occurredAt: await refusal(() =>
        test.platform.memory.store(principal, { scope: { level: 'project' }, kind: 'fact', content: 'ancient fact', occurredAt: ancient }),
      ),
      expiresAt: await refusal(() =>
        test.platform.memory.store(principal, { scope: { level: 'project' }, kind: 'fact', content: 'ancient fact 2', expiresAt: ancient }),
      ),
      occurredAfter: await refusal(() => test.platform.memory.search(principal, { text: 'ancient fact', occurredAfter: ancient })),
      occurredBefore: await refusal(() => test.platform.memory.search(principal, { text: 'ancient fact', occurredBefore: new Date(ancient) })),
      now: await refusal(() => test.platform.memory.search(principal, { text: 'ancient fact last week', now: ancient })),
      year0: await refusal(() =>
        test.platform.memory.store(principal, { scope: { level: 'project' }, kind: 'fact', content: 'year zero', occurredAt: '0000-06-01T00:00:00Z' }),
      ),
      epochNumber: await refusal(() =>
        test.platform.memory.store(principal, { scope: { level: 'project' }, kind: 'fact', content: 'a number', occurredAt: 1_700_000_000_000 }),
      ),
    };
    expect({ ...outcomes, rowsWritten: (await test.platform.database.prisma.memoryItem.count()) - before }).toEqual({
      occurredAt: { kind: 'validation', field: 'occurredAt' },
      expiresAt: { kind: 'validation', field: 'expiresAt' },
      occurredAfter: { kind: 'validation', field: 'occurredAfter' },
      occurredBefore: { kind: 'validation', field: 'occurredBefore' },
      now: { kind: 'validation', field: 'now' },
      year0: { kind: 'validation', field: 'occurredAt' },
      epochNumber: { kind: 'validation', field: 'occurredAt' },
      rowsWritten: 0,
    });
  });

  it('stores and reads back the edges of the range, and a calendar day as midnight UTC', async () => {
    const early = await test.platform.memory.store(principal, {
      scope: { level: 'project' },
      kind: 'fact',
      content: 'early edge',
      occurredAt: '0001-01-01T00:00:00Z',
    });
    const late = await test.platform.memory.store(principal, {
      scope: { level: 'project' },
      kind: 'fact',
      content: 'late edge',
      occurredAt: new Date('9999-12-31T23:59:59.999Z'),
    });
    const day = await test.platform.memory.store(principal, {
      scope: { level: 'project' },
      kind: 'fact',
      content: 'a day',
      occurredAt: '2026-01-31',
      expiresAt: '2099-01-01T00:00:00+02:00',
    });
    const rows = await test.platform.database.prisma.memoryItem.findMany({
      where: { id: { in: [early.id, late.id, day.id] } },
      select: { id: true, occurredAt: true, expiresAt: true },
    });
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(early.id)?.occurredAt?.toISOString()).toBe('0001-01-01T00:00:00.000Z');
    expect(byId.get(late.id)?.occurredAt?.toISOString()).toBe('9999-12-31T23:59:59.999Z');
    expect({ occurredAt: byId.get(day.id)?.occurredAt?.toISOString(), expiresAt: byId.get(day.id)?.expiresAt?.toISOString() }).toEqual({
      occurredAt: '2026-01-31T00:00:00.000Z',
      expiresAt: '2098-12-31T22:00:00.000Z',
    });
    await expect(
      test.platform.memory.search(principal, { text: 'early edge', occurredAfter: '0001-01-01T00:00:00Z', now: '0001-01-08T00:00:00Z' }),
    ).resolves.toBeInstanceOf(Array);
  });
});
