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
      let exactMedian = Number.NaN;
      for (const [name, search] of systems) {
        for (const text of queries.slice(0, 10)) await search(text); // warm-up
        const latencies: number[] = [];
        let found = 0;
        for (const [position, text] of queries.entries()) {
          const started = performance.now();
          const ids = await search(text);
          latencies.push(performance.now() - started);
          found += ids.filter((id) => truth[position]!.includes(id)).length;
        }
        latencies.sort((left, right) => left - right);
        const percentile = (share: number) => latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))]!;
        if (name === 'raw SQL: exact scan') exactMedian = percentile(0.5);
        rows.push([
          String(size),
          String(size / tenants),
          name,
          percentile(0.5).toFixed(1),
          percentile(0.99).toFixed(1),
          `${(percentile(0.5) / exactMedian).toFixed(2)}×`,
          (found / (queries.length * k)).toFixed(3),
        ]);
      }
    } finally {
      await database.close();
    }
  }
  console.log(markdownTable(['items', 'items in tenant', 'search', 'p50 ms', 'p99 ms', 'p50 / raw exact', 'recall@10 vs exact'], rows));
}

await main();
