import { randomUUID } from 'node:crypto';

import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTenantAdmin, createTestPlatform, type TestPlatform } from '../testing';
import { createBatchAgent } from './batch-test-helpers';

/**
 * A batch submit is idempotent by key (ADR 0107): a client that retries after a timeout gets the
 * first batch back instead of a second batch of N runs.
 */
describe.each(databaseModes)('batch submit with an idempotency key (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;

  beforeAll(async () => {
    test = await createTestPlatform(mode);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = await createBatchAgent(test, principal, `idempotent-${randomUUID()}`);
  });
  afterAll(() => test?.dispose());

  const counts = async () => ({ batches: await test.platform.database.prisma.batch.count(), runs: await test.platform.database.prisma.run.count() });

  it('returns the first batch for the same key and body, and writes no second batch or runs', async () => {
    const idempotencyKey = `same-${randomUUID()}`;
    const first = await test.platform.batches.submitOnce(principal, { agentId, concurrency: 2, items: ['one', 'two', 'three'], idempotencyKey });
    expect(first.created).toBe(true);
    const before = await counts();
    // The same request, its items spelled as JSONL lines' objects: the same runs, so the same request.
    const again = await test.platform.batches.submitOnce(principal, { agentId, concurrency: 2, items: ['one', { input: 'two' }, 'three'], idempotencyKey });
    expect(again).toEqual({ batch: first.batch, created: false });
    expect(await counts()).toEqual(before);
    // `submit` (the console's form) replays too.
    expect((await test.platform.batches.submit(principal, { agentId, concurrency: 2, items: ['one', 'two', 'three'], idempotencyKey })).id).toBe(
      first.batch.id,
    );
    expect(await test.platform.database.prisma.run.count({ where: { batchId: first.batch.id } })).toBe(3);
  });

  it('replays the batch after its agent was archived (the replay answers what the first request made)', async () => {
    const archivedAgentId = await createBatchAgent(test, principal, `archived-${randomUUID()}`);
    const request = { agentId: archivedAgentId, items: ['one'], idempotencyKey: `archived-${randomUUID()}` };
    const first = await test.platform.batches.submitOnce(principal, request);
    await test.platform.database.prisma.agent.update({ where: { id: archivedAgentId }, data: { archivedAt: new Date() } });
    expect(await test.platform.batches.submitOnce(principal, request)).toMatchObject({ batch: { id: first.batch.id }, created: false });
  });

  it('refuses the same key with another body as a conflict on idempotencyKey, and writes nothing', async () => {
    const idempotencyKey = `other-${randomUUID()}`;
    await test.platform.batches.submitOnce(principal, { agentId, items: ['one'], idempotencyKey });
    const before = await counts();
    for (const other of [{ items: ['two'] }, { items: ['one'], concurrency: 3 }, { items: ['one'], name: 'renamed' }, { items: ['one'], agentVersion: 1 }]) {
      await expect(test.platform.batches.submitOnce(principal, { agentId, idempotencyKey, ...other })).rejects.toMatchObject({
        kind: 'conflict',
        field: 'idempotencyKey',
      });
    }
    expect(await counts()).toEqual(before);
  });

  it('keeps keys apart per tenant and makes a new batch for every submit without a key', async () => {
    const idempotencyKey = `tenant-${randomUUID()}`;
    const first = await test.platform.batches.submitOnce(principal, { agentId, items: ['one'], idempotencyKey });
    const other = await createTenantAdmin(test, { slug: `batch-key-${randomUUID().slice(0, 8)}` });
    const otherAgentId = await createBatchAgent(test, other, `idempotent-${randomUUID()}`);
    const theirs = await test.platform.batches.submitOnce(other, { agentId: otherAgentId, items: ['one'], idempotencyKey });
    expect(theirs.created).toBe(true);
    expect(theirs.batch.id).not.toBe(first.batch.id);
    const unkeyed = [
      await test.platform.batches.submitOnce(principal, { agentId, items: ['one'] }),
      await test.platform.batches.submitOnce(principal, { agentId, items: ['one'] }),
    ];
    expect(unkeyed.map((submitted) => submitted.created)).toEqual([true, true]);
    expect(unkeyed[0]!.batch.id).not.toBe(unkeyed[1]!.batch.id);
  });

  it('refuses an empty or over-long key on idempotencyKey', async () => {
    for (const idempotencyKey of ['', 'k'.repeat(201)]) {
      await expect(test.platform.batches.submitOnce(principal, { agentId, items: ['one'], idempotencyKey })).rejects.toMatchObject({
        kind: 'validation',
        field: 'idempotencyKey',
      });
    }
  });

  it('creates exactly one batch when submits with one key race, and answers every one with it', async () => {
    const idempotencyKey = `race-${randomUUID()}`;
    const items = Array.from({ length: 20 }, (_, index) => `item ${index}`);
    const before = await counts();
    const submitted = await Promise.all(
      Array.from({ length: 5 }, () => test.platform.batches.submitOnce(principal, { agentId, concurrency: 3, items, idempotencyKey })),
    );
    expect(new Set(submitted.map((one) => one.batch.id)).size).toBe(1);
    expect(submitted.filter((one) => one.created)).toHaveLength(1);
    expect(await counts()).toEqual({ batches: before.batches + 1, runs: before.runs + items.length });
  });
});
