import { randomUUID } from 'node:crypto';

import { openDatabase, type Database } from '@agentloom/db';
import { createTestDatabaseConfig, databaseModes, type TestDatabaseConfig } from '@agentloom/db/testing';
import { HashingEmbedder } from '@agentloom/runtime';
import { describeMemoryPortContract } from '@agentloom/runtime/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { defaultMinRelevance, PrismaMemoryPort } from './prisma-memory-port';
import { RunMemoryPort } from './run-memory-port';
import { TenantNamesPort } from './tenant-names-port';

describe.each(databaseModes)('PrismaMemoryPort (%s)', (mode) => {
  let testDatabase: TestDatabaseConfig;
  let database: Database;

  beforeAll(async () => {
    testDatabase = await createTestDatabaseConfig(mode);
    database = await openDatabase(testDatabase.config);
  });
  afterAll(async () => {
    await database?.close();
    await testDatabase?.dispose();
  });

  const createTenant = async (): Promise<string> => {
    const slug = `memory-${randomUUID()}`;
    return (await database.prisma.tenant.create({ data: { slug, name: slug }, select: { id: true } })).id;
  };

  it(`searches ${mode === 'embedded' ? 'vectors and full-text' : 'full-text only (no pgvector on this server)'}`, () => {
    expect(database.vector.available).toBe(mode === 'embedded');
  });

  // Fresh tenants per test keep tests apart in one database (a database per test costs seconds).
  describeMemoryPortContract(
    async () => {
      const tenantIds = new Map([
        ['tenant-1', await createTenant()],
        ['tenant-2', await createTenant()],
      ]);
      return new TenantNamesPort(new PrismaMemoryPort(database, { embedder: new HashingEmbedder() }), tenantIds);
    },
    { describe, it, expect },
  );

  it('keeps a superseded item, marked, and records embedder and dimension on each item', async () => {
    const tenantId = await createTenant();
    const port = new PrismaMemoryPort(database, { embedder: new HashingEmbedder() });
    const scope = { tenantId, agentId: 'agent-1' };
    const first = await port.storeItem({ scope, kind: 'fact', key: 'plan', content: 'The approved plan is plan A' });
    const second = await port.storeItem({ scope, kind: 'fact', key: 'plan', content: 'The approved plan is plan B' });
    expect(second.supersededId).toBe(first.id);
    const rows = await database.prisma.memoryItem.findMany({ where: { tenantId }, orderBy: { createdAt: 'asc' } });
    expect(rows.map((row) => row.supersededById)).toEqual([second.id, null]);
    const embedded = mode === 'embedded';
    expect(rows.map((row) => [row.embedderId, row.embeddingDimension])).toEqual(rows.map(() => (embedded ? ['hashing-ngram/v1', 384] : [null, null])));
  });

  it('hides expired items and boosts pinned ones above equally relevant newer ones', async () => {
    const tenantId = await createTenant();
    const port = new PrismaMemoryPort(database, { embedder: new HashingEmbedder() });
    const scope = { tenantId, agentId: 'agent-1' };
    await port.storeItem({ scope, kind: 'fact', content: 'release train leaves on Thursday', expiresAt: new Date(Date.now() - 1_000) });
    const pinned = await port.storeItem({ scope, kind: 'procedure', content: 'the release train leaves from platform nine', pinned: true });
    const newer = await port.storeItem({ scope, kind: 'fact', content: 'the release train leaves from platform two' });
    await port.storeItem({ scope, kind: 'fact', content: 'lunch is served in the atrium' });
    const hits = await port.search({ scope, text: 'when does the release train leave', limit: 5 });
    expect(hits.map((hit) => hit.item.id)).toEqual([pinned.id, newer.id]);
    expect(hits[0]?.parts?.pinned).toBeGreaterThan(0);
    expect(hits[1]?.parts?.pinned).toBe(0);
  });

  // Lexical-only (PG 15): with the hashing embedder's vectors the same weak hit blends above 0.1 (ADR 0022, not met).
  it.runIf(mode === 'server')('drops a hit whose only link to the query is one common word: relevance below the default minimum', async () => {
    const tenantId = await createTenant();
    const scope = { tenantId, agentId: 'agent-1' };
    const port = new PrismaMemoryPort(database, { embedder: new HashingEmbedder() });
    await port.store({ scope, kind: 'fact', content: 'Coffee machine is on floor three' });
    await port.store({ scope, kind: 'fact', content: 'The deploy window is Tuesday at 14:00 UTC' });
    const text = 'did the coffee supplier invoice mention penalties for late delivery fees';
    expect(await port.search({ scope, text })).toEqual([]);
    const unfiltered = await new PrismaMemoryPort(database, { embedder: new HashingEmbedder(), minRelevance: 0 }).search({ scope, text });
    expect(unfiltered.map((hit) => hit.item.content)).toContain('Coffee machine is on floor three');
    expect(unfiltered.every((hit) => hit.parts!.relevance < defaultMinRelevance)).toBe(true);
  });

  it('sees tenant-wide, agent and thread levels from a thread, never a sibling thread or user', async () => {
    const tenantId = await createTenant();
    const agent = await database.prisma.agent.create({ data: { tenantId, slug: 'a', name: 'a' } });
    const [threadA, threadB] = await Promise.all([0, 1].map(() => database.prisma.thread.create({ data: { tenantId, agentId: agent.id } })));
    const port = new PrismaMemoryPort(database, { embedder: new HashingEmbedder() });
    await port.store({ scope: { tenantId }, kind: 'document', content: 'office wifi password policy' });
    await port.store({ scope: { tenantId, agentId: agent.id }, kind: 'fact', content: 'wifi is managed by IT' });
    await port.store({ scope: { tenantId, agentId: agent.id, threadId: threadA!.id }, kind: 'fact', content: 'wifi guest network for thread A' });
    await port.store({ scope: { tenantId, agentId: agent.id, threadId: threadB!.id }, kind: 'fact', content: 'wifi guest network for thread B' });
    await port.store({ scope: { tenantId, userId: 'user-9' }, kind: 'fact', content: 'wifi preference of user 9' });
    const hits = await port.search({ scope: { tenantId, agentId: agent.id, threadId: threadA!.id }, text: 'wifi', limit: 10 });
    expect(hits.map((hit) => hit.item.content).sort()).toEqual(['office wifi password policy', 'wifi guest network for thread A', 'wifi is managed by IT']);
  });

  // Both vector scans, and the repeat when filters reject the prefetched neighbours: 250 items of
  // another agent that match the query exactly crowd the one item of ours out of the first 200.
  it.runIf(mode === 'embedded').each([
    ['an exact scan', 20_000],
    ['the HNSW index', 0],
  ])('finds the nearest visible vectors through %s, even behind many rejected neighbours', async (_scan, exactScanLimit) => {
    const tenantId = await createTenant();
    const port = new PrismaMemoryPort(database, { embedder: new HashingEmbedder(), exactScanLimit });
    for (let count = 0; count < 250; count += 1) {
      await port.store({ scope: { tenantId, agentId: 'crowd' }, kind: 'fact', content: 'deployment window rota' });
    }
    const ours = await port.storeItem({ scope: { tenantId, agentId: 'ours' }, kind: 'fact', content: 'deployment window rota for the ours team' });
    const hits = await port.searchWith({ scope: { tenantId, agentId: 'ours' }, text: 'deployment window rota', limit: 3 }, 'vector');
    expect(hits.map((hit) => hit.item.id)).toEqual([ours.id]);
  });

  it("a run's port forgets only items of the run's tenant: another tenant's id is not found", async () => {
    const [ownTenant, otherTenant] = [await createTenant(), await createTenant()];
    const port = new PrismaMemoryPort(database, { embedder: new HashingEmbedder() });
    const theirs = await port.storeItem({ scope: { tenantId: otherTenant }, kind: 'fact', content: 'the other tenant keeps this' });
    const ours = await port.storeItem({ scope: { tenantId: ownTenant }, kind: 'fact', content: 'ours may go' });
    const runPort = new RunMemoryPort(port, { id: randomUUID(), tenantId: ownTenant, createdAt: new Date() });
    await expect(runPort.forget(theirs.id)).resolves.toBe(false);
    await expect(runPort.forget(ours.id)).resolves.toBe(true);
    const left = await database.prisma.memoryItem.findMany({ where: { id: { in: [theirs.id, ours.id] } }, select: { id: true } });
    expect(left.map((item) => item.id)).toEqual([theirs.id]);
  });
});
