import type { LatencyResult, ThroughputResult } from './measure-scenario';

export interface ScenarioRow {
  system: string;
  workers: number;
  throughput: ThroughputResult;
  latency: LatencyResult;
}

/** Markdown table, so the output can be pasted into the README as is. */
export function formatTable(rows: readonly ScenarioRow[], baselineSystem: string): string {
  const baseline = (workers: number) => rows.find((row) => row.system === baselineSystem && row.workers === workers)?.throughput.drainPerSecond;
  const header = ['system', 'workers', 'throughput runs/s', 'vs pg-boss', 'enqueue runs/s', 'p50 enqueue→start ms', 'p99 enqueue→start ms'];
  const body = rows.map((row) => {
    const reference = baseline(row.workers);
    return [
      row.system,
      String(row.workers),
      row.throughput.drainPerSecond.toFixed(0),
      reference ? `${(row.throughput.drainPerSecond / reference).toFixed(2)}×` : '–',
      row.throughput.enqueuePerSecond.toFixed(0),
      row.latency.p50Ms.toFixed(1),
      row.latency.p99Ms.toFixed(1),
    ];
  });
  return markdown(header, body);
}

/** Throughput with the most workers measured over throughput with one, per system. */
export function formatScaling(rows: readonly ScenarioRow[]): string {
  const systemNames = [...new Set(rows.map((row) => row.system))];
  const body = systemNames.flatMap((system) => {
    const own = rows.filter((row) => row.system === system).sort((left, right) => left.workers - right.workers);
    const one = own[0];
    const most = own[own.length - 1];
    if (!one || !most || one === most) return [];
    return [[system, `${most.workers} vs ${one.workers}`, `${(most.throughput.drainPerSecond / one.throughput.drainPerSecond).toFixed(2)}×`]];
  });
  return markdown(['system', 'workers', 'throughput scaling'], body);
}

function markdown(header: string[], body: string[][]): string {
  const widths = header.map((title, column) => Math.max(title.length, ...body.map((row) => row[column]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...body.map(line)].join('\n');
}
