import { percentile } from '../dispatch/statistics';
import { markdownTable } from '../memory-eval/markdown-table';
import type { ScenarioResult } from './measure-runs';

export interface EndToEndRow {
  mode: 'embedded' | 'server';
  /** Executors: worker processes (server) or the console's in-process executor (embedded). */
  executors: string;
  throughput: ScenarioResult;
  latency: ScenarioResult;
  latencyRate: number;
  clients: number;
  /** `run-finished` committed → seen by the client, ms, for every run of both scenarios. */
  lastHops: { closedLoop: number[]; paced: number[] };
}

/** Runs whose last hop took at least this long: about a settle read's delay (ADR 0091), not a stream's normal path. */
export const lateLastHopMs = 90;

/** Markdown table, so the output can be pasted into the README as is. */
export function formatTable(rows: readonly EndToEndRow[]): string {
  const header = ['mode', 'executors', 'runs/s (closed loop)', 'p50 ms', 'p99 ms', 'paced rate', 'p50 ms (paced)', 'p99 ms (paced)'];
  const body = rows.map((row) => [
    row.mode,
    row.executors,
    `${row.throughput.runsPerSecond.toFixed(1)} (${row.clients} clients)`,
    row.throughput.p50Ms.toFixed(0),
    row.throughput.p99Ms.toFixed(0),
    `${row.latencyRate}/s`,
    row.latency.p50Ms.toFixed(0),
    row.latency.p99Ms.toFixed(0),
  ]);
  return markdownTable(header, body);
}

/** The last hop (`run-finished` committed → the client saw it) of every run, per scenario. */
export function formatLastHopTable(rows: readonly EndToEndRow[]): string {
  const header = ['mode', 'executors', 'scenario', 'runs', 'p50 ms', 'p99 ms', 'max ms', `runs ≥ ${lateLastHopMs} ms`];
  const body = rows.flatMap((row) =>
    (['closedLoop', 'paced'] as const).map((scenario) => {
      const hops = row.lastHops[scenario];
      return [
        row.mode,
        row.executors,
        scenario === 'paced' ? 'paced' : 'closed loop',
        String(hops.length),
        percentile(hops, 50).toFixed(0),
        percentile(hops, 99).toFixed(0),
        Math.max(...hops).toFixed(0),
        String(hops.filter((hop) => hop >= lateLastHopMs).length),
      ];
    }),
  );
  return markdownTable(header, body);
}
