import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';

import { openDatabase } from '@agentloom/db';
import { createTestDatabaseConfig } from '@agentloom/db/testing';
import { embedderFromArguments, PrismaMemoryPort, reembedItems } from '@agentloom/platform';
import type { Embedder } from '@agentloom/runtime';

import { markdownTable } from '../memory-eval/markdown-table';
import { loadCorpus } from './load-corpus';
import { rawVectorSearch } from './raw-vector-search';
import { createRandom, queryFrom, sentence, vocabulary } from './synthetic-corpus';

/**
 * `npx tsx bench/memory-search/run.ts [--embedders hashing,use-lite] [--sizes 10000] [--queries 200] [--ingest 256]`:
 * tenant-filtered top-10 memory search on embedded PGlite (pgvector HNSW) per embedder: latency
 * p50/p99 and recall@10 against an exact scan, for the raw pgvector SQL (query vector given), our
 * vector-only and hybrid search calls (query embedding included, as the product does it: use-lite on
 * its worker thread), and the query embedding alone; then ingestion throughput per embedder.
 */
const tenants = 10;
const k = 10;
const searchHeader = ['embedder', 'items', 'items in tenant', 'search', 'p50 ms', 'p99 ms', 'p50 / raw exact', 'recall@10 vs exact'];
const ingestHeader = ['embedder', 'items', 'stored one by one (memory_store path), items/s', 're-embedded in batches of 64 (memory:reembed), items/s'];

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      embedders: { type: 'string', default: 'hashing,use-lite' },
      sizes: { type: 'string', default: '10000' },
      queries: { type: 'string', default: '200' },
      ingest: { type: 'string', default: '256' },
    },
  });
  const sizes = values.sizes.split(',').map(Number);
  const queryCount = Number(values.queries);
  const searchRows: string[][] = [];
  const ingestRows: string[][] = [];
  for (const name of values.embedders.split(',')) {
    const embedder = embedderFromArguments({ embedder: name }, {});
    if (embedder.id.startsWith('hashing') && !name.startsWith('hashing')) throw new Error(`${name} is not installed; the bench would measure the fallback`);
    try {
      for (const size of sizes) {
        const rows = await measureSearch(embedder, size, queryCount);
        searchRows.push(...rows);
        // Printed as they come too: a long run that dies later keeps what it measured.
        console.error(markdownTable(searchHeader, rows));
      }
      ingestRows.push(await measureIngestion(embedder, Number(values.ingest)));
      console.error(markdownTable(ingestHeader, ingestRows.slice(-1)));
    } finally {
      await embedder.close?.();
    }
  }
  console.log(markdownTable(searchHeader, searchRows));
  console.log();
  console.log(markdownTable(ingestHeader, ingestRows));
}

async function measureSearch(embedder: Embedder, size: number, queryCount: number): Promise<string[][]> {
  const testDatabase = await createTestDatabaseConfig('embedded');
  const database = await openDatabase(testDatabase.config);
  try {
    const corpus = await loadCorpus(database, embedder, size, tenants);
    console.error(
      `${embedder.id}, ${size} items: ${corpus.sampleContents.length} texts embedded in ${corpus.embedSeconds.toFixed(1)} s, ` +
        `inserted in ${corpus.insertSeconds.toFixed(1)} s, HNSW built in ${corpus.indexSeconds.toFixed(1)} s`,
    );
    // minVectorSimilarity -1 so the vector list is comparable with the raw top-k.
    const port = new PrismaMemoryPort(database, { embedder, minVectorSimilarity: -1 });
    const random = createRandom(7);
    const tenantId = corpus.tenantIds[0]!;
    const queries = Array.from({ length: queryCount }, () =>
      queryFrom(corpus.sampleContents[Math.floor(random() * corpus.sampleContents.length)]!, corpus.words, random),
    );
    const queryVectors = await embedder.embed(queries);
    const vectorOf = new Map(queries.map((text, position) => [text, queryVectors[position]!]));
    const truth: string[][] = [];
    for (const vector of queryVectors) truth.push(await rawVectorSearch(database, tenantId, vector, k, 'exact'));
    const scope = { tenantId, agentId: 'bench' };
    const systems: [string, (text: string) => Promise<string[]>][] = [
      ['raw SQL: exact scan (vector given)', (text) => rawVectorSearch(database, tenantId, vectorOf.get(text)!, k, 'exact')],
      ['raw SQL: HNSW (vector given)', (text) => rawVectorSearch(database, tenantId, vectorOf.get(text)!, k, 'index')],
      ['query embedding alone', async (text) => (await embedder.embed([text]), [])],
      ['ours: embed + vector', async (text) => (await port.searchWith({ scope, text, limit: k }, 'vector')).map((hit) => hit.item.id)],
      ['ours: embed + hybrid', async (text) => (await port.searchWith({ scope, text, limit: k }, 'hybrid')).map((hit) => hit.item.id)],
      // Capitalised words are names the search checks against the whole visible memory (ADR 0054).
      ['ours: embed + hybrid, query with names', async (text) => (await port.searchWith({ scope, text: withNames(text), limit: k }, 'hybrid')).map((hit) => hit.item.id)],
    ];
    for (const [, search] of systems) for (const text of queries.slice(0, 10)) await search(text); // warm-up
    // Interleaved: every query runs on every system, in an order that rotates per query, so drift
    // (caches, a busy neighbour, GC) falls on all systems alike instead of on whichever ran last.
    const latencies = systems.map(() => [] as number[]);
    const found = systems.map(() => 0);
    for (const [position, text] of queries.entries()) {
      for (let offset = 0; offset < systems.length; offset += 1) {
        const system = (position + offset) % systems.length;
        const started = performance.now();
        const ids = await systems[system]![1](text);
        latencies[system]!.push(performance.now() - started);
        found[system]! += ids.filter((id) => truth[position]!.includes(id)).length;
      }
    }
    const exactMedian = percentile(latencies[0]!, 0.5);
    return systems.map(([name], system) => [
      embedder.id,
      String(size),
      String(size / tenants),
      name,
      percentile(latencies[system]!, 0.5).toFixed(1),
      percentile(latencies[system]!, 0.99).toFixed(1),
      `${(percentile(latencies[system]!, 0.5) / exactMedian).toFixed(2)}×`,
      name === 'query embedding alone' ? '—' : (found[system]! / (queries.length * k)).toFixed(3),
    ]);
  } finally {
    await database.close();
  }
}

/** The query with its words after the first capitalised, so each reads as a name. */
function withNames(text: string): string {
  return text.replace(/ (\p{L})/gu, (_, letter: string) => ` ${letter.toUpperCase()}`);
}

/** Items/s through `storeItem` (one embed call and one transaction per item) and through `reembedItems`. */
async function measureIngestion(embedder: Embedder, items: number): Promise<string[]> {
  const testDatabase = await createTestDatabaseConfig('embedded');
  const database = await openDatabase(testDatabase.config);
  try {
    const random = createRandom(11);
    const words = vocabulary(3_000, random);
    const texts = Array.from({ length: items }, () => sentence(words, random, 8 + Math.floor(random() * 12)));
    const tenantId = (await database.prisma.tenant.create({ data: { slug: `ingest-${randomUUID()}`, name: 'bench' } })).id;
    const port = new PrismaMemoryPort(database, { embedder });
    await port.store({ scope: { tenantId, agentId: 'bench' }, kind: 'fact', content: 'warm-up' });
    const storeStarted = performance.now();
    for (const content of texts) await port.storeItem({ scope: { tenantId, agentId: 'bench' }, kind: 'fact', content });
    const storePerSecond = items / ((performance.now() - storeStarted) / 1000);
    await database.sql.execute('UPDATE memory_items SET embedder_id = NULL');
    const reembedStarted = performance.now();
    const result = await reembedItems(database, embedder, { batchSize: 64 });
    if (result.done !== items + 1) throw new Error(`re-embedded ${result.done} of ${items + 1} items`);
    const reembedPerSecond = result.done / ((performance.now() - reembedStarted) / 1000);
    return [embedder.id, String(items), storePerSecond.toFixed(1), reembedPerSecond.toFixed(1)];
  } finally {
    await database.close();
  }
}

function percentile(values: number[], share: number): number {
  return [...values].sort((left, right) => left - right)[Math.min(values.length - 1, Math.floor(share * values.length))]!;
}

await main();
