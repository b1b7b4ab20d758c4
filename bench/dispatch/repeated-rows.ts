import type { ScenarioRow } from './report-table';
import { median as medianOf } from '../median';

/** One system × worker count measured `repeats` times, interleaved with the other systems (same run, same load). */
export interface RepeatedRow {
  system: string;
  workers: number;
  runs: ScenarioRow[];
}

/** Groups one bench run's rows by system and worker count, keeping each repeat's row in order. */
export function groupRepeats(rows: readonly ScenarioRow[]): RepeatedRow[] {
  const groups = new Map<string, RepeatedRow>();
  for (const row of rows) {
    const key = `${row.system}\u0000${row.workers}`;
    const group = groups.get(key) ?? { system: row.system, workers: row.workers, runs: [] };
    group.runs.push(row);
    groups.set(key, group);
  }
  return [...groups.values()].sort((left, right) => left.system.localeCompare(right.system) || left.workers - right.workers);
}

/** The median scenario: the median of each figure over the repeats (each on its own, so no one repeat speaks for all). */
export function medianRow(group: RepeatedRow): ScenarioRow {
  const median = (pick: (row: ScenarioRow) => number) => medianOf(group.runs.map(pick));
  return {
    system: group.system,
    workers: group.workers,
    throughput: { drainPerSecond: median((row) => row.throughput.drainPerSecond), enqueuePerSecond: median((row) => row.throughput.enqueuePerSecond) },
    latency: { p50Ms: median((row) => row.latency.p50Ms), p99Ms: median((row) => row.latency.p99Ms) },
  };
}

/**
 * Throughput over the peer's, per repeat (the two measured minutes apart, under the same load), then the
 * median and the range of those ratios. A ratio of medians would pair one repeat's AgentLoom with another's peer.
 */
export function pairedRatios(ours: RepeatedRow, peer: RepeatedRow): { median: number; low: number; high: number } {
  const ratios = ours.runs.map((row, index) => row.throughput.drainPerSecond / peer.runs[index]!.throughput.drainPerSecond).filter(Number.isFinite);
  return { median: medianOf(ratios), low: Math.min(...ratios), high: Math.max(...ratios) };
}
