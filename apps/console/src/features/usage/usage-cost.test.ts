import { describe, expect, it } from 'vitest';

import { formatUsageCost, unpricedTitle } from './usage-cost';

describe('formatUsageCost', () => {
  it('shows a known cost as the cost, $0 included', () => {
    expect(formatUsageCost({ costUsd: 1.5, costKnown: true, unpricedRuns: 0 })).toBe('$1.50');
    expect(formatUsageCost({ costUsd: 0, costKnown: true, unpricedRuns: 0 })).toBe('$0');
    expect(unpricedTitle({ costUsd: 0, costKnown: true, unpricedRuns: 0 })).toBeUndefined();
  });

  it('never shows $0 for runs whose cost is unknown', () => {
    expect(formatUsageCost({ costUsd: 0, costKnown: false, unpricedRuns: 1 })).toBe('unknown');
    expect(unpricedTitle({ costUsd: 0, costKnown: false, unpricedRuns: 1 })).toMatch(/^1 run has a model with no prices/);
  });

  it('shows a partly priced cost as a lower bound naming the unpriced runs', () => {
    expect(formatUsageCost({ costUsd: 0.5, costKnown: false, unpricedRuns: 1 })).toBe('≥ $0.50 (1 run unpriced)');
    expect(formatUsageCost({ costUsd: 2, costKnown: false, unpricedRuns: 3 })).toBe('≥ $2.00 (3 runs unpriced)');
  });
});
