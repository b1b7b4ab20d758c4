/** `lean`: node:http, seq/type/createdAt taken by position (lean-event-stream.ts); `fetch`: the test client. */
export type FanoutClient = 'lean' | 'fetch';

/** Sizes and modes, overridable from the environment so a quick run and the README run share code. */
export interface FanoutSettings {
  client: FanoutClient;
  /** A directory for the console's CPU profile (`--cpu-prof`), or undefined for none. */
  cpuProfileDirectory: string | undefined;
  modes: ('embedded' | 'server')[];
  subscriberCounts: number[];
  /** Approval cycles per subscriber count; each commits ≈ 10 events while everyone listens. */
  rounds: number;
  replayEvents: number;
  replayRepeats: number;
}

function list(name: string, fallback: string): string[] {
  return (process.env[name] ?? fallback)
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
}

export function readSettings(): FanoutSettings {
  return {
    client: process.env.BENCH_FANOUT_CLIENT === 'fetch' ? 'fetch' : 'lean',
    cpuProfileDirectory: process.env.BENCH_FANOUT_CPU_PROFILE || undefined,
    modes: list('BENCH_FANOUT_MODES', 'embedded,server').filter((mode): mode is 'embedded' | 'server' => mode === 'embedded' || mode === 'server'),
    subscriberCounts: list('BENCH_FANOUT_SUBSCRIBERS', '1,100,500').map(Number),
    rounds: Number(process.env.BENCH_FANOUT_ROUNDS ?? 5),
    replayEvents: Number(process.env.BENCH_FANOUT_REPLAY_EVENTS ?? 10_000),
    replayRepeats: Number(process.env.BENCH_FANOUT_REPLAY_REPEATS ?? 3),
  };
}
