import type { ScenarioResult } from './measure-runs';

export interface EndToEndRow {
  mode: 'embedded' | 'server';
  /** Executors: worker processes (server) or the console's in-process executor (embedded). */
  executors: string;
  throughput: ScenarioResult;
  latency: ScenarioResult;
  latencyRate: number;
  clients: number;
}

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
  const widths = header.map((title, column) => Math.max(title.length, ...body.map((cells) => cells[column]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...body.map(line)].join('\n');
}
