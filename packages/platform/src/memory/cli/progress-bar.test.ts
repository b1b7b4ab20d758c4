import { describe, expect, it } from 'vitest';

import { formatDuration, renderProgress } from './progress-bar';

describe('renderProgress', () => {
  it('shows counts and share, and no rate before anything is done', () => {
    expect(renderProgress('Re-embedding', 0, 200, 5_000, 10)).toBe('Re-embedding [..........] 0/200 (0%)');
  });

  it('adds the rate so far and the time left at that rate', () => {
    // 50 of 200 in 25 s: 2 items/s, 150 left → 75 s.
    expect(renderProgress('Re-embedding', 50, 200, 25_000, 10)).toBe('Re-embedding [###.......] 50/200 (25%) 2.0 items/s, ETA 1m 15s');
    expect(renderProgress('Re-embedding', 200, 200, 20_000, 10)).toBe('Re-embedding [##########] 200/200 (100%) 10 items/s, ETA 0s');
  });

  it('formats durations in seconds, minutes and hours', () => {
    expect([formatDuration(42.4), formatDuration(185), formatDuration(3_725)]).toEqual(['42s', '3m 05s', '1h 02m']);
  });
});
