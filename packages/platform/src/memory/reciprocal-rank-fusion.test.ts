import { describe, expect, it } from 'vitest';

import { fuseRankings } from './reciprocal-rank-fusion';

describe('fuseRankings', () => {
  it('ranks an item both lists like above items only one list likes, scoring first-everywhere as 1', () => {
    const fused = fuseRankings(
      [
        ['a', 'b'],
        ['c', 'b'],
      ],
      new Set(),
    );
    expect(fused[0]?.id).toBe('b');
    expect(fuseRankings([['x'], ['x']], new Set())[0]?.score).toBeCloseTo(1, 9);
  });

  it('normalizes by the lists that returned anything, so one list alone still scores its first item 1', () => {
    expect(fuseRankings([['x'], []], new Set())[0]?.score).toBeCloseTo(1, 9);
  });

  it('boosts pinned items', () => {
    const fused = fuseRankings([['a', 'b']], new Set(['b']));
    expect(fused.map((result) => result.id)).toEqual(['b', 'a']);
  });
});
