import { openDatabase, type Database } from '@agentloom/db';
import { createTestDatabaseConfig, type TestDatabaseConfig } from '@agentloom/db/testing';
import { HashingEmbedder } from '@agentloom/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { defaultMinScore, retrievalSettings } from './eval-configurations';
import { readEvalData, type EvalData } from './eval-data';
import { evaluateEmbedder, type EvalRow } from './evaluate';

// The eval end to end on a tiny fixture (8 sessions, 7 questions, one with typos the lexical list
// cannot match, one multi-session, one never discussed) through the real PrismaMemoryPort on
// embedded PGlite (the mode with vectors, where fusion matters). It guards the product default:
// hybrid retrieval must never rank worse than its own full-text list.
describe('memory eval smoke (embedded)', () => {
  let testDatabase: TestDatabaseConfig;
  let database: Database;
  let data: EvalData;
  let rows: EvalRow[];

  beforeAll(async () => {
    testDatabase = await createTestDatabaseConfig('embedded');
    database = await openDatabase(testDatabase.config);
    data = await readEvalData(new URL('smoke-set.json', import.meta.url).pathname);
    rows = await evaluateEmbedder(database, new HashingEmbedder(), retrievalSettings, data, { searchLimit: 20, minScore: defaultMinScore });
  });
  afterAll(async () => {
    await database?.close();
    await testDatabase?.dispose();
  });

  const row = (retrieval: string): EvalRow => {
    const found = rows.find((candidate) => candidate.retrieval === retrieval);
    if (!found) throw new Error(`no ${retrieval} row`);
    return found;
  };

  it('hybrid recall is at least full-text recall at every k', () => {
    const hybrid = row('hybrid').summary.recall;
    const fullText = row('full-text').summary.recall;
    for (const k of ['R@1', 'R@3', 'R@5', 'R@10'] as const) expect(hybrid[k], k).toBeGreaterThanOrEqual(fullText[k]);
  });

  it('scores answerable questions for recall and the never-discussed one apart', () => {
    for (const { summary } of rows) {
      expect(summary.answerable).toBe(6);
      expect(summary.abstention.questions).toBe(1);
    }
  });

  it('ingests session dates as the items occurredAt', async () => {
    const items = await database.prisma.memoryItem.findMany({ where: { metadata: { path: ['sessionId'], equals: 'postgres-upgrade' } }, select: { occurredAt: true } });
    expect(items.length).toBe(3);
    expect(items.map((item) => item.occurredAt?.toISOString())).toEqual(Array(3).fill('2026-05-06T10:00:00.000Z'));
  });
});
