import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';

import { openDatabase } from '@agentloom/db';
import { createTestDatabaseConfig } from '@agentloom/db/testing';
import { embedderFromArguments, PrismaMemoryPort, type RetrievalMode } from '@agentloom/platform';
import { HashingEmbedder, type Embedder } from '@agentloom/runtime';

import { readEvalData, type EvalData } from './eval-data';
import { markdownTable } from './markdown-table';
import { rankedSessions, recallAt } from './session-recall';

/**
 * `npm run eval:memory -- --data FILE [--embedder id …]`: stores every session turn as a memory item
 * through the platform's PrismaMemoryPort (full-text trigger, embeddings, HNSW) in a fresh in-memory
 * PGlite, asks every question, and prints session-level recall@1/5/10 per embedder for vector-only,
 * full-text-only and hybrid retrieval. Model embedders: `--embedder openai:<model> --dimension N`.
 */
const modes: readonly RetrievalMode[] = ['vector', 'full-text', 'hybrid'];
const ks = [1, 5, 10] as const;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      data: { type: 'string', default: 'bench/memory-eval/dev-set.json' },
      embedder: { type: 'string', multiple: true },
      dimension: { type: 'string' },
      'base-url': { type: 'string' },
    },
  });
  const data = await readEvalData(values.data);
  const embedders = embeddersFrom(values.embedder ?? [], values.dimension, values['base-url']);
  const testDatabase = await createTestDatabaseConfig('embedded');
  const database = await openDatabase(testDatabase.config);
  const rows: string[][] = [];
  try {
    for (const embedder of embedders) {
      const port = new PrismaMemoryPort(database, { embedder });
      const tenant = await database.prisma.tenant.create({ data: { slug: `eval-${randomUUID()}`, name: 'memory eval' } });
      const scope = { tenantId: tenant.id, agentId: 'eval' };
      const ingestStarted = performance.now();
      const sessionOf = await ingest(port, scope, data);
      const ingestSeconds = (performance.now() - ingestStarted) / 1000;
      for (const mode of modes) {
        const totals = ks.map(() => 0);
        const started = performance.now();
        for (const question of data.questions) {
          const hits = await port.searchWith({ scope, text: question.question, limit: 50 }, mode);
          const ranked = rankedSessions(hits.map((hit) => sessionOf.get(hit.item.id) ?? ''));
          ks.forEach((k, position) => (totals[position]! += recallAt(k, ranked, question.answer_session_ids)));
        }
        const perQuery = (performance.now() - started) / data.questions.length;
        rows.push([embedder.id, mode, ...totals.map((total) => (total / data.questions.length).toFixed(3)), perQuery.toFixed(1), ingestSeconds.toFixed(1)]);
      }
    }
  } finally {
    await database.close();
  }
  console.log(`${data.sessions.length} sessions, ${data.questions.length} questions (${values.data})\n`);
  console.log(markdownTable(['embedder', 'retrieval', 'recall@1', 'recall@5', 'recall@10', 'ms/query', 'ingest s'], rows));
}

/** One item per non-empty turn, remembered with its session; returns item id → session id. */
async function ingest(port: PrismaMemoryPort, scope: { tenantId: string; agentId: string }, data: EvalData): Promise<Map<string, string>> {
  const sessionOf = new Map<string, string>();
  for (const session of data.sessions) {
    for (const turn of session.turns) {
      if (turn.content.trim() === '') continue;
      const { id } = await port.storeItem({ scope, kind: 'document', content: turn.content, metadata: { sessionId: session.id, role: turn.role } });
      sessionOf.set(id, session.id);
    }
  }
  return sessionOf;
}

function embeddersFrom(ids: readonly string[], dimension: string | undefined, baseUrl: string | undefined): Embedder[] {
  if (ids.length === 0) return [new HashingEmbedder()];
  return ids.map((id) =>
    embedderFromArguments({ embedder: id, ...(dimension ? { dimension } : {}), ...(baseUrl ? { 'base-url': baseUrl } : {}) }, process.env),
  );
}

await main();
