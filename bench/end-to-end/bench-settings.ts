/** Sizes of one end-to-end bench run; the defaults keep both modes under ~5 minutes on 2 cores. */
export interface EndToEndSettings {
  modes: ('embedded' | 'server')[];
  /** Worker processes in server mode (the console executes nothing there). Embedded runs in the console's executor. */
  workerCounts: number[];
  /** Runs per throughput scenario, created over HTTP with `createConcurrency` calls in flight. */
  throughputRuns: number;
  createConcurrency: number;
  /** Runs per latency scenario, created on a fixed schedule at `latencyRatePerSecond`. */
  latencyRuns: number;
  latencyRatePerSecond: number;
  /** Runs before each scenario so JIT warm-up and first connections are not measured. */
  warmupRuns: number;
  /** Runs each executor (worker process, or the embedded console) executes at once. */
  concurrencyPerExecutor: number;
}

export function readSettings(environment: NodeJS.ProcessEnv = process.env): EndToEndSettings {
  const number = (name: string, fallback: number) => (environment[name] ? Number(environment[name]) : fallback);
  return {
    modes: (environment.BENCH_E2E_MODES ?? 'embedded,server').split(',').filter((mode): mode is 'embedded' | 'server' => mode === 'embedded' || mode === 'server'),
    workerCounts: (environment.BENCH_E2E_WORKERS ?? '1,2').split(',').map(Number),
    throughputRuns: number('BENCH_E2E_RUNS', 200),
    createConcurrency: number('BENCH_E2E_CREATE_CONCURRENCY', 16),
    latencyRuns: number('BENCH_E2E_LATENCY_RUNS', 100),
    latencyRatePerSecond: number('BENCH_E2E_LATENCY_RATE', 10),
    warmupRuns: 10,
    concurrencyPerExecutor: number('BENCH_E2E_CONCURRENCY', 8),
  };
}
