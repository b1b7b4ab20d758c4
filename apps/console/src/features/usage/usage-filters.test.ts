import { describe, expect, it } from 'vitest';

import { parseUsageFilters, usageSummaryInput } from './usage-filters';

describe('usage filters', () => {
  it('falls back to 30 days of runs for unknown values', () => {
    expect(parseUsageFilters(new URLSearchParams({ days: '12', metric: 'bananas', agent: 'x' }))).toEqual({ days: 30, agentId: undefined, metric: 'runs' });
  });

  it('asks for whole UTC days ending with today', () => {
    const input = usageSummaryInput({ days: 7, agentId: undefined, metric: 'cost' }, new Date('2026-03-10T15:00:00Z'));
    expect(input).toEqual({ from: '2026-03-04', to: '2026-03-11' });
  });
});
