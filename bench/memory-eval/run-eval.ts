import { mkdir, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { parseArgs } from 'node:util';

import { openDatabase } from '@agentloom/db';
import { createTestDatabaseConfig } from '@agentloom/db/testing';

import { missesReport } from './eval-misses';
import { buildEmbedder, defaultEmbedderIds, defaultMinScore, retrievalSettings } from './eval-configurations';
import { readEvalData } from './eval-data';
import { referenceBm25Row } from './reference-bm25';
import { overallTable, perTypeTable } from './eval-tables';
import { evaluateEmbedder, type EvalRow } from './evaluate';

/**
 * `npm run eval:memory -- [--data FILE] [--embedder ID …] [--min-score X] [--out FILE] [--misses]`: the
 * LongMemEval-style retrieval eval. Stores every session turn through the platform's
 * PrismaMemoryPort in a fresh embedded PGlite (session dates as occurredAt), asks every question
 * (its date as the search's reference time) and prints, per embedder × retrieval setting
 * (eval-configurations.ts), session-level recall_all@1/3/5/10 overall and per question type, and
 * abstention at the injection threshold; plus a reference row, plain BM25 over whole sessions.
 * The full result, per question, goes to JSON; `--misses` prints the hybrid rows' misses at R@5.
 * Model embedders: `--embedder openai:<model> --dimension N [--base-url URL]`.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      data: { type: 'string', default: 'bench/memory-eval/dev-set.json' },
      embedder: { type: 'string', multiple: true },
      dimension: { type: 'string' },
      'base-url': { type: 'string' },
      'min-score': { type: 'string' },
      limit: { type: 'string', default: '50' },
      out: { type: 'string' },
      misses: { type: 'boolean', default: false },
    },
  });
  const data = await readEvalData(values.data);
  const minScore = values['min-score'] === undefined ? defaultMinScore : Number(values['min-score']);
  const searchLimit = Number(values.limit);
  if (!Number.isFinite(minScore) || minScore < 0) throw new Error(`--min-score must be a number ≥ 0, got ${values['min-score']}`);
  if (!Number.isInteger(searchLimit) || searchLimit < 10) throw new Error(`--limit must be an integer ≥ 10 (recall@10 needs ten sessions), got ${values.limit}`);
  const out = values.out ?? join(dirname(values.data), 'results', basename(values.data));

  const testDatabase = await createTestDatabaseConfig('embedded');
  const database = await openDatabase(testDatabase.config);
  const rows: EvalRow[] = [];
  try {
    for (const id of values.embedder ?? defaultEmbedderIds) {
      const embedder = await buildEmbedder(id, { dimension: values.dimension, baseUrl: values['base-url'], environment: process.env });
      rows.push(...(await evaluateEmbedder(database, embedder, retrievalSettings, data, { searchLimit, minScore })));
    }
    rows.push(referenceBm25Row(data, { searchLimit, minScore }));
  } finally {
    await database.close();
    await testDatabase.dispose();
  }

  const answerable = data.questions.filter((question) => question.answer_session_ids.length > 0).length;
  console.log(
    `${data.split ?? basename(values.data)}: ${data.sessions.length} sessions, ${answerable} answerable and ` +
      `${data.questions.length - answerable} abstention questions; recall_all@k; abstains = empty at min score ${minScore}\n`,
  );
  console.log(overallTable(rows));
  console.log('\nPer question type (R@1/R@3/R@5/R@10):\n');
  console.log(perTypeTable(rows));
  if (values.misses) {
    for (const row of rows.filter((candidate) => candidate.retrieval === 'hybrid')) console.log(`\n${missesReport(row, data, { k: 5, minScore })}`);
  }
  await mkdir(dirname(out), { recursive: true });
  await writeFile(out, `${JSON.stringify({ data: values.data, minScore, searchLimit, rows }, null, 1)}\n`);
  console.log(`\nper-question results: ${out}`);
}

await main();
