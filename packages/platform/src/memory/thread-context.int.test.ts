import { randomUUID } from 'node:crypto';

import { openDatabase, type Database } from '@agentloom/db';
import { createTestDatabaseConfig, type TestDatabaseConfig } from '@agentloom/db/testing';
import { HashingEmbedder } from '@agentloom/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { PrismaMemoryPort } from './prisma-memory-port';

// Thread context compares vectors: embedded PGlite has pgvector, the test server does not (there the
// search is full-text only and no hit carries a thread similarity — the conformance suite covers it).
describe('thread context in memory search (embedded, ADR 0065)', () => {
  let testDatabase: TestDatabaseConfig;
  let database: Database;
  const embedder = new HashingEmbedder();

  beforeAll(async () => {
    testDatabase = await createTestDatabaseConfig('embedded');
    database = await openDatabase(testDatabase.config);
  });
  afterAll(async () => {
    await database?.close();
    await testDatabase?.dispose();
  });

  const setUp = async () => {
    const slug = `thread-context-${randomUUID()}`;
    const tenant = await database.prisma.tenant.create({ data: { slug, name: slug } });
    const agent = await database.prisma.agent.create({ data: { tenantId: tenant.id, slug: 'agent', name: 'agent' } });
    const thread = await database.prisma.thread.create({ data: { tenantId: tenant.id, agentId: agent.id } });
    return { scope: { tenantId: tenant.id, agentId: 'agent-1' }, threadId: thread.id };
  };

  const cosine = (left: number[], right: number[]) => {
    const dot = left.reduce((sum, value, index) => sum + value * right[index]!, 0);
    return dot / (Math.hypot(...left) * Math.hypot(...right));
  };

  it("gives each threaded hit the query's similarity to the mean vector of its thread's live items, and none to items outside a thread", async () => {
    const { scope, threadId } = await setUp();
    const port = new PrismaMemoryPort(database, { embedder });
    const turns = ['We picked Grafana Tempo as the tracing backend', 'Tempo writes traces straight to object storage in S3'];
    for (const content of turns) await port.storeItem({ scope, kind: 'document', content, originThreadId: threadId });
    // Not live, so not part of the thread's mean: an expired turn and a superseded version.
    await port.storeItem({ scope, kind: 'document', content: 'Cafeteria lunch menu for the week', originThreadId: threadId, expiresAt: new Date('2020-01-01T00:00:00Z') });
    await port.storeItem({ scope, kind: 'fact', key: 'menu', content: 'Pizza on Fridays at the cafeteria', originThreadId: threadId });
    await port.storeItem({ scope, kind: 'fact', key: 'menu', content: 'Tacos on Fridays, tracing the lunch queue', originThreadId: threadId });
    await port.storeItem({ scope, kind: 'document', content: 'Tempo timesheets are due every Friday' });

    const query = 'which tempo tracing backend did we pick';
    const hits = await port.search({ scope, text: query, limit: 10 });
    const [queryVector] = await embedder.embed([query]);
    const liveThreadTexts = [...turns, 'Tacos on Fridays, tracing the lunch queue'];
    const vectors = await embedder.embed(liveThreadTexts);
    const mean = queryVector!.map((_, index) => vectors.reduce((sum, vector) => sum + vector[index]!, 0) / vectors.length);

    const threaded = hits.filter((hit) => hit.item.content !== 'Tempo timesheets are due every Friday');
    expect(threaded.length).toBeGreaterThan(0);
    for (const hit of threaded) expect(hit.parts?.threadSimilarity).toBeCloseTo(cosine(queryVector!, mean), 4);
    const lone = hits.find((hit) => hit.item.content === 'Tempo timesheets are due every Friday');
    expect(lone).toBeDefined();
    expect(lone!.parts).not.toHaveProperty('threadSimilarity');
  });

  it('mixes the thread into relevance by the fusion weight, and not at all at weight 0 or in the single-list modes', async () => {
    const { scope, threadId } = await setUp();
    const content = 'Tempo writes traces straight to object storage in S3';
    await new PrismaMemoryPort(database, { embedder }).storeItem({ scope, kind: 'document', content, originThreadId: threadId });
    await new PrismaMemoryPort(database, { embedder }).storeItem({ scope, kind: 'document', content: 'We compared Jaeger and Tempo for a week', originThreadId: threadId });
    const query = { scope, text: 'tempo object storage', limit: 5 };

    const withContext = (await new PrismaMemoryPort(database, { embedder }).search(query)).find((hit) => hit.item.content === content)!;
    const without = (await new PrismaMemoryPort(database, { embedder, fusion: { threadContextWeight: 0 } }).search(query)).find((hit) => hit.item.content === content)!;
    const { similarity, threadSimilarity } = withContext.parts!;
    const calibrated = (value: number) => Math.min(1, Math.max(0, (value - 0.1) / 0.9));
    const semanticShift = 0.4 * (calibrated(threadSimilarity!) - calibrated(similarity!));
    expect(withContext.parts!.relevance).toBeCloseTo(without.parts!.relevance + 0.5 * semanticShift, 6);
    expect(without.parts).not.toHaveProperty('threadSimilarity');

    const vectorOnly = await new PrismaMemoryPort(database, { embedder }).searchWith(query, 'vector');
    expect(vectorOnly.every((hit) => hit.parts?.threadSimilarity === undefined)).toBe(true);
  });
});
