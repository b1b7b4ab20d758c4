/** Sizes of one bench run; the defaults keep the whole matrix under ~5 minutes on 2 cores. */
export interface BenchSettings {
  /** Jobs enqueued before the workers start, for throughput. */
  throughputJobs: number;
  /** Jobs trickled in at `latencyRatePerSecond` while workers idle, for enqueue→start latency. */
  latencyJobs: number;
  latencyRatePerSecond: number;
  /** Jobs run before the latency sample so JIT warm-up and first connections are not measured. */
  warmupJobs: number;
  /** Jobs each worker process runs at once. */
  concurrencyPerWorker: number;
  /** Enqueue calls in flight while filling the queue. */
  enqueueConcurrency: number;
  workerCounts: number[];
  /** Times the whole matrix is measured, systems interleaved; the tables report medians (one run moves ±20 %). */
  repeats: number;
}

export function readBenchSettings(environment: NodeJS.ProcessEnv): BenchSettings {
  const number = (name: string, fallback: number) => (environment[name] ? Number(environment[name]) : fallback);
  return {
    throughputJobs: number('BENCH_DISPATCH_JOBS', 600),
    latencyJobs: number('BENCH_DISPATCH_LATENCY_JOBS', 200),
    latencyRatePerSecond: number('BENCH_DISPATCH_LATENCY_RATE', 25),
    warmupJobs: 20,
    concurrencyPerWorker: number('BENCH_DISPATCH_CONCURRENCY', 8),
    enqueueConcurrency: 8,
    workerCounts: (environment.BENCH_DISPATCH_WORKERS ?? '1,2').split(',').map(Number),
    repeats: number('BENCH_DISPATCH_REPEATS', 1),
  };
}
