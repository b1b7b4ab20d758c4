import { describe, expect, it } from 'vitest';

import { groupRepeats, medianRow, pairedRatios } from './repeated-rows';
import type { ScenarioRow } from './report-table';

const row = (system: string, workers: number, drainPerSecond: number, p50Ms = 1): ScenarioRow => ({
  system,
  workers,
  throughput: { drainPerSecond, enqueuePerSecond: drainPerSecond / 2 },
  latency: { p50Ms, p99Ms: p50Ms * 3 },
});

describe('repeated dispatch rows', () => {
  const rows = [row('A', 1, 100, 5), row('B', 1, 200), row('A', 1, 300, 1), row('B', 1, 150), row('A', 1, 200, 9), row('B', 1, 400), row('A', 2, 50)];

  it('groups repeats per system and worker count, in the order they ran', () => {
    const groups = groupRepeats(rows);
    expect(groups.map((group) => [group.system, group.workers, group.runs.map((run) => run.throughput.drainPerSecond)])).toEqual([
      ['A', 1, [100, 300, 200]],
      ['A', 2, [50]],
      ['B', 1, [200, 150, 400]],
    ]);
  });

  it('takes each figure’s own median', () => {
    const median = medianRow(groupRepeats(rows)[0]!);
    expect(median.throughput.drainPerSecond).toBe(200);
    expect(median.latency.p50Ms).toBe(5);
    expect(median.latency.p99Ms).toBe(15);
  });

  it('pairs each repeat with the peer’s same repeat before taking the median ratio', () => {
    const [ours, , peer] = groupRepeats(rows);
    // Per repeat: 100/200, 300/150, 200/400 → 0.5, 2, 0.5; the ratio of medians would be 200/200 = 1.
    expect(pairedRatios(ours!, peer!)).toEqual({ median: 0.5, low: 0.5, high: 2 });
  });
});
