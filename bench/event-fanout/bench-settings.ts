/**
 * `raw`: a bare socket, HTTP and chunked decoding by hand (raw-event-stream.ts); `lean`: node:http, frames read
 * the same way (lean-event-stream.ts); `fetch`: the test client.
 */
export type FanoutClient = 'raw' | 'lean' | 'fetch';

export type FanoutMode = 'embedded' | 'server' | 'server-worker';

const fanoutModes: readonly string[] = ['embedded', 'server', 'server-worker'] satisfies FanoutMode[];

/** Sizes and modes, overridable from the environment so a quick run and the README run share code. */
export interface FanoutSettings {
  client: FanoutClient;
  /** A directory for the console's CPU profile (`--cpu-prof`), or undefined for none. */
  cpuProfileDirectory: string | undefined;
  /**
   * `embedded` and `server`: the console runs the executor, as `npm start` does. `server-worker`: the
   * production topology on a server database (as bench/end-to-end runs it): the console serves HTTP
   * and SSE with `AGENTLOOM_EXECUTOR=false`, and one `apps/worker` process executes the runs.
   */
  modes: FanoutMode[];
  subscriberCounts: number[];
  /** Approval cycles per subscriber count; each commits ≈ 10 events while everyone listens. */
  rounds: number;
  /** Unmeasured approval cycles before them, per subscriber count (`BENCH_FANOUT_WARMUP_ROUNDS`, 1). */
  warmupRounds: number;
  replayEvents: number;
  replayRepeats: number;
  /** Processes the subscribers are shared out over (`BENCH_FANOUT_SUBSCRIBER_PROCESSES`, 1). */
  subscriberProcesses: number;
}

function list(name: string, fallback: string): string[] {
  return (process.env[name] ?? fallback)
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
}

export function readSettings(): FanoutSettings {
  return {
    client: process.env.BENCH_FANOUT_CLIENT === 'fetch' ? 'fetch' : process.env.BENCH_FANOUT_CLIENT === 'raw' ? 'raw' : 'lean',
    cpuProfileDirectory: process.env.BENCH_FANOUT_CPU_PROFILE || undefined,
    modes: list('BENCH_FANOUT_MODES', 'embedded,server,server-worker').filter((mode): mode is FanoutMode => fanoutModes.includes(mode)),
    subscriberCounts: list('BENCH_FANOUT_SUBSCRIBERS', '1,100,500').map(Number),
    rounds: Number(process.env.BENCH_FANOUT_ROUNDS ?? 5),
    warmupRounds: Number(process.env.BENCH_FANOUT_WARMUP_ROUNDS ?? 1),
    replayEvents: Number(process.env.BENCH_FANOUT_REPLAY_EVENTS ?? 10_000),
    replayRepeats: Number(process.env.BENCH_FANOUT_REPLAY_REPEATS ?? 3),
    subscriberProcesses: Number(process.env.BENCH_FANOUT_SUBSCRIBER_PROCESSES ?? 1),
  };
}
