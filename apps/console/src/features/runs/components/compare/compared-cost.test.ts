import { describe, expect, it } from 'vitest';

import { formatCostDifference, formatRunCost } from './compared-cost';

const known = (costUsd: number) => ({ costUsd, costKnown: true });
const unknown = (costUsd: number) => ({ costUsd, costKnown: false });

describe('formatRunCost', () => {
  it('shows a known cost, a lower bound, or unknown — never $0 for an unpriced run', () => {
    expect(formatRunCost(known(0))).toBe('$0');
    expect(formatRunCost(known(0.25))).toBe('$0.25');
    expect(formatRunCost(unknown(0))).toBe('unknown');
    expect(formatRunCost(unknown(0.25))).toBe('≥ $0.25');
  });
});

describe('formatCostDifference', () => {
  it('signs a difference of two known costs', () => {
    expect(formatCostDifference(known(0.1), known(0.3), 0.2)).toBe('+$0.20');
    expect(formatCostDifference(known(0.3), known(0.1), -0.2)).toBe('−$0.20');
    expect(formatCostDifference(known(0), known(0), 0)).toBe('±0');
  });

  it('is unknown when either side is', () => {
    expect(formatCostDifference(unknown(0), unknown(0), 0)).toBe('unknown');
    expect(formatCostDifference(known(0.1), unknown(0), -0.1)).toBe('unknown');
    expect(formatCostDifference(unknown(0.2), known(0.1), -0.1)).toBe('unknown');
  });
});
