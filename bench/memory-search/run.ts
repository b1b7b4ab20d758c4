import { parseArgs } from 'node:util';

import { openDatabase } from '@agentloom/db';
import { createTestDatabaseConfig } from '@agentloom/db/testing';
import { PrismaMemoryPort } from '@agentloom/platform';
import { HashingEmbedder } from '@agentloom/runtime';

import { markdownTable } from '../memory-eval/markdown-table';
import { loadCorpus } from './load-corpus';
import { rawVectorSearch } from './raw-vector-search';
import { createRandom, queryFrom } from './synthetic-corpus';

/**
 * `npx tsx bench/memory-search/run.ts [--sizes 10000,100000] [--queries 200]`: tenant-filtered top-10
 * memory search on embedded PGlite (pgvector HNSW): latency p50/p99 and recall@10 against an exact
 * scan, for the raw pgvector SQL, our vector-only search call and our hybrid search call.
 */
const tenants = 10;
const k = 10;

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { sizes: { type: 'string', default: '10000,100000' }, queries: { type: 'string', default: '200' } } });
  const sizes = values.sizes.split(',').map(Number);
  const queryCount = Number(values.queries);
  const rows: string[][] = [];
  for (const size of sizes) {
    const testDatabase = await createTestDatabaseConfig('embedded');
    const database = await openDatabase(testDatabase.config);
    try {
      const corpus = await loadCorpus(database, size, tenants);
      console.error(`${size} items: inserted in ${corpus.insertSeconds.toFixed(1)} s, HNSW built in ${corpus.indexSeconds.toFixed(1)} s`);
      const embedder = new HashingEmbedder();
      // minVectorSimilarity 0 so the vector list is comparable with the raw top-k.
      const port = new PrismaMemoryPort(database, { embedder, minVectorSimilarity: 0 });
      const random = createRandom(7);
      const tenantId = corpus.tenantIds[0]!;
      const queries = Array.from({ length: queryCount }, () =>
        queryFrom(corpus.sampleContents[Math.floor(random() * corpus.sampleContents.length)]!, corpus.words, random),
      );
      const truth: string[][] = [];
      for (const text of queries) truth.push(await rawVectorSearch(database, tenantId, embedder.embedOne(text), k, 'exact'));
      const systems: [string, (text: string) => Promise<string[]>][] = [
        ['raw SQL: exact scan', (text) => rawVectorSearch(database, tenantId, embedder.embedOne(text), k, 'exact')],
        ['raw SQL: HNSW', (text) => rawVectorSearch(database, tenantId, embedder.embedOne(text), k, 'index')],
        [
          'ours: vector',
          async (text) => (await port.searchWith({ scope: { tenantId, agentId: 'bench' }, text, limit: k }, 'vector')).map((hit) => hit.item.id),
        ],
        [
          'ours: hybrid',
          async (text) => (await port.searchWith({ scope: { tenantId, agentId: 'bench' }, text, limit: k }, 'hybrid')).map((hit) => hit.item.id),
        ],
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
      const percentile = (values: number[], share: number) =>
        [...values].sort((left, right) => left - right)[Math.min(values.length - 1, Math.floor(share * values.length))]!;
      const exactMedian = percentile(latencies[0]!, 0.5);
      for (const [system, [name]] of systems.entries()) {
        rows.push([
          String(size),
          String(size / tenants),
          name,
          percentile(latencies[system]!, 0.5).toFixed(1),
          percentile(latencies[system]!, 0.99).toFixed(1),
          `${(percentile(latencies[system]!, 0.5) / exactMedian).toFixed(2)}×`,
          (found[system]! / (queries.length * k)).toFixed(3),
        ]);
      }
    } finally {
      await database.close();
    }
  }
  console.log(markdownTable(['items', 'items in tenant', 'search', 'p50 ms', 'p99 ms', 'p50 / raw exact', 'recall@10 vs exact'], rows));
}

await main();
