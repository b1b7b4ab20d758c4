import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { inMemoryDataDirectory } from '../connection/database-config';
import { createEmbeddedAnalyzer, embeddedStatisticsTarget, type EmbeddedAnalyzer } from './embedded-analyze';
import { openEmbedded, type EmbeddedConnection } from './open-embedded';

/** PGlite has no autovacuum: the analyzer gives the planner its statistics, one due table at a time. */
describe('embedded ANALYZE of hot tables', () => {
  let embedded: EmbeddedConnection;
  let analyzer: EmbeddedAnalyzer;
  const analyzed: string[] = [];

  /** The planner's row estimate for a full scan of the table. */
  async function estimatedRows(table: string): Promise<number> {
    const [plan] = await embedded.statements.query<{ 'QUERY PLAN': { Plan: { 'Plan Rows': number } }[] }>(`EXPLAIN (FORMAT JSON) SELECT * FROM ${table}`);
    return plan!['QUERY PLAN'][0]!.Plan['Plan Rows'];
  }

  beforeAll(async () => {
    embedded = await openEmbedded(inMemoryDataDirectory);
    await embedded.driver.exec(`
      CREATE TABLE hot (id integer PRIMARY KEY, run integer NOT NULL);
      CREATE TABLE cold (id integer PRIMARY KEY);
      INSERT INTO hot SELECT g, g % 7 FROM generate_series(1, 5000) g;`);
    // The test decides when to look (in the product, the maintenance tick does).
    analyzer = createEmbeddedAnalyzer(embedded.statements, { tables: ['hot', 'cold'], onAnalyzed: (table) => analyzed.push(table) });
  });

  afterAll(async () => {
    await embedded?.close();
  });

  it('analyzes a table never analyzed once it holds rows, and then not again until enough changed', async () => {
    // As below: the insert's counters reach the statistics view only when the session flushes them,
    // which a busy machine can delay past expect.poll's default second.
    await expect.poll(() => analyzer.analyzeDue(), { timeout: 30_000 }).toBe('hot');
    expect(await estimatedRows('hot')).toBe(5000);
    // The empty table is not due, and neither is the analyzed one until 50 + 10 % of its rows change.
    expect(await analyzer.analyzeDue()).toBeUndefined();
    await embedded.statements.execute('UPDATE hot SET run = run + 1 WHERE id <= 100');
    expect(await analyzer.analyzeDue()).toBeUndefined();

    await embedded.statements.execute('INSERT INTO hot SELECT g, g % 7 FROM generate_series(5001, 8000) g');
    // The change counters reach the statistics view when the session flushes them (at most once a second).
    await expect.poll(() => analyzer.analyzeDue(), { timeout: 30_000 }).toBe('hot');
    expect(await estimatedRows('hot')).toBe(8000);
    expect(analyzed).toEqual(['hot', 'hot']);
  });

  it('samples at the embedded statistics target, not the session default', async () => {
    // `id` is unique: its histogram has target + 1 bounds (101 at Postgres's default of 100).
    const [stats] = await embedded.statements.query<{ bounds: number }>(
      `SELECT array_length(histogram_bounds::text::text[], 1) AS bounds FROM pg_stats WHERE tablename = 'hot' AND attname = 'id'`,
    );
    expect(stats!.bounds).toBe(embeddedStatisticsTarget + 1);
    const [setting] = await embedded.statements.query<{ value: string }>(`SELECT current_setting('default_statistics_target') AS value`);
    expect(setting!.value).toBe('100');
  });
});
