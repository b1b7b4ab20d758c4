/**
 * bench/durable-step/analyze-cost: how long the embedded maintenance's ANALYZE holds PGlite's one session
 * (every statement waits for it), at Postgres's default statistics target and at the embedded one, on the
 * tables a long agent fills, and whether the run's step-panel read keeps its plan.
 *   npx tsx bench/durable-step/analyze-cost.ts      (BENCH_ANALYZE_STEPS, default 4000: ≈ 40,000 run_events rows)
 */
import { fileURLToPath } from 'node:url';

import { createPlatform } from '@agentloom/platform';

import { embeddedStatisticsTarget } from '../../packages/db/src/embedded/embedded-analyze';
import { median } from '../median';
import { runLongAgent } from './measure-run';

const migrationsDirectory = fileURLToPath(new URL('../../prisma/migrations', import.meta.url));
const steps = Number(process.env.BENCH_ANALYZE_STEPS ?? 4000);
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

const platform = await createPlatform({
  // The tick off: this bench runs every ANALYZE itself.
  database: { dataDirectory: 'memory://', migrationsDirectory, maintenanceIntervalMs: 0 },
  logger: silent,
  secrets: { key: Buffer.alloc(32, 7) },
});
try {
  for (let run = 0; run * 500 < steps; run += 1) await runLongAgent(platform, Math.min(500, steps - run * 500), `analyze-${run}`);
  const { statements } = platform.database;
  const analyzeMs = async (table: string, target: number): Promise<number> => {
    const times: number[] = [];
    for (let pass = 0; pass < 3; pass += 1) {
      await statements.execute(`SET default_statistics_target = ${target}`);
      const started = performance.now();
      await statements.execute(`ANALYZE "${table}"`);
      times.push(performance.now() - started);
      await statements.execute('RESET default_statistics_target');
    }
    return median(times);
  };
  const stepPanelPlan = async () =>
    (await statements.query<Record<string, string>>(`EXPLAIN SELECT seq FROM run_events WHERE run_id = (SELECT run_id FROM run_events LIMIT 1) AND payload ? 'step' AND payload -> 'step' = '5'`))
      .map((row) => Object.values(row)[0])
      .join(' / ');

  console.log(`analyze-cost: ${steps} tool steps on embedded PGlite, median of 3 ANALYZEs per cell\n`);
  console.log(`| table | rows | ANALYZE ms at 100 (Postgres default) | at ${embeddedStatisticsTarget} (embedded) | ratio |`);
  console.log('| --- | --- | --- | --- | --- |');
  const plans: string[] = [];
  for (const table of ['run_events', 'messages', 'tool_calls', 'steps']) {
    const [count] = await statements.query<{ rows: number }>(`SELECT count(*)::int AS rows FROM "${table}"`);
    const atDefault = await analyzeMs(table, 100);
    if (table === 'run_events') plans.push(`at 100: ${await stepPanelPlan()}`);
    const atEmbedded = await analyzeMs(table, embeddedStatisticsTarget);
    if (table === 'run_events') plans.push(`at ${embeddedStatisticsTarget}: ${await stepPanelPlan()}`);
    console.log(`| ${table} | ${count?.rows ?? 0} | ${atDefault.toFixed(0)} | ${atEmbedded.toFixed(0)} | ${(atEmbedded / atDefault).toFixed(2)}× |`);
  }
  console.log(`\nstep-panel read plan after each:\n${plans.join('\n')}`);
} finally {
  await platform.close();
}
