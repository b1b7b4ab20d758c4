import pg from 'pg';

import type { BenchSettings } from './bench-settings';
import { wallClockMs, type DispatchProducer } from './dispatch-system';
import { createScenarioDatabase } from './scenario-database';
import { percentile } from './statistics';
import { systems, type SystemKey } from './systems';
import { WorkerPool } from './worker-pool';

export interface ThroughputResult {
  enqueuePerSecond: number;
  /** Jobs per second from the first handler start to the moment none is left unfinished. */
  drainPerSecond: number;
}

export interface LatencyResult {
  p50Ms: number;
  p99Ms: number;
}

/** Fills the queue with the workers idle, then starts them and times the drain. Own database. */
export function measureThroughput(system: SystemKey, workers: number, settings: BenchSettings): Promise<ThroughputResult> {
  return withScenario(system, workers, 'throughput', settings, async (producer, pool, unfinished) => {
    const enqueueStarted = wallClockMs();
    await enqueueAll(producer, settings.throughputJobs, settings.enqueueConcurrency);
    const enqueueMs = wallClockMs() - enqueueStarted;
    await pool.start();
    const finishedAt = await waitUntilNoneUnfinished(unfinished);
    const starts = await pool.collectStarts();
    if (starts.size !== settings.throughputJobs) throw new Error(`${system}: ${settings.throughputJobs} jobs enqueued, ${starts.size} started`);
    const firstStart = Math.min(...starts.values());
    return {
      enqueuePerSecond: (settings.throughputJobs / enqueueMs) * 1000,
      drainPerSecond: (settings.throughputJobs / (finishedAt - firstStart)) * 1000,
    };
  });
}

/** Trickles jobs in at a fixed rate to running, mostly idle workers; enqueue call → handler start. */
export function measureLatency(system: SystemKey, workers: number, settings: BenchSettings): Promise<LatencyResult> {
  return withScenario(system, workers, 'latency', settings, async (producer, pool, unfinished) => {
    await pool.start();
    await trickle(producer, settings.warmupJobs, settings.latencyRatePerSecond);
    await waitUntilNoneUnfinished(unfinished);
    await pool.collectStarts();
    const enqueuedAt = await trickle(producer, settings.latencyJobs, settings.latencyRatePerSecond);
    await waitUntilNoneUnfinished(unfinished);
    const startedAt = await pool.collectStarts();
    const latencies = [...enqueuedAt].map(([id, at]) => {
      const started = startedAt.get(id);
      if (started === undefined) throw new Error(`${system}: job ${id} finished but no worker reported starting it`);
      return started - at;
    });
    return {
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
    };
  });
}

async function withScenario<Result>(
  system: SystemKey,
  workers: number,
  phase: string,
  settings: BenchSettings,
  measure: (producer: DispatchProducer, pool: WorkerPool, unfinished: () => Promise<number>) => Promise<Result>,
): Promise<Result> {
  const database = await createScenarioDatabase(`${system}_${workers}_${phase}`);
  let producer: DispatchProducer | undefined;
  let pool: WorkerPool | undefined;
  const client = new pg.Client({ connectionString: database.url });
  try {
    producer = await systems[system].prepare(database.url);
    pool = await WorkerPool.spawn(system, database.url, workers, settings.concurrencyPerWorker);
    await client.connect();
    const query = producer.unfinishedJobsQuery;
    const result = await measure(producer, pool, async () => (await client.query<{ count: number }>(query)).rows[0]?.count ?? 0);
    await pool.stop();
    return result;
  } finally {
    pool?.kill();
    await client.end().catch(() => undefined);
    await producer?.close().catch(() => undefined);
    await database.drop();
  }
}

async function enqueueAll(producer: DispatchProducer, count: number, inFlight: number): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < count) {
      next += 1;
      await producer.enqueue();
    }
  };
  await Promise.all(Array.from({ length: inFlight }, lane));
}

/** Enqueues on a fixed schedule (not back to back), so a slow enqueue does not delay the next one. */
async function trickle(producer: DispatchProducer, count: number, ratePerSecond: number): Promise<Map<string, number>> {
  const enqueuedAt = new Map<string, number>();
  const firstAt = wallClockMs();
  const pending: Promise<void>[] = [];
  for (let index = 0; index < count; index += 1) {
    const due = firstAt + (index * 1000) / ratePerSecond;
    await sleep(due - wallClockMs());
    const at = wallClockMs();
    pending.push(producer.enqueue().then((id) => void enqueuedAt.set(id, at)));
  }
  await Promise.all(pending);
  return enqueuedAt;
}

/** Polls every 10 ms; returns the wall-clock ms at which nothing was left unfinished. */
async function waitUntilNoneUnfinished(unfinished: () => Promise<number>, timeoutMs = 120_000): Promise<number> {
  const deadline = wallClockMs() + timeoutMs;
  while (wallClockMs() < deadline) {
    if ((await unfinished()) === 0) return wallClockMs();
    await sleep(10);
  }
  throw new Error(`Jobs still unfinished after ${timeoutMs} ms`);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}
