import { describe, expect, it } from 'vitest';

import { alignSequences } from './run-comparison';

const align = (left: string[], right: string[]) =>
  alignSequences(left, right, (item) => item).map((row) => `${row.left ?? '-'}|${row.right ?? '-'}|${row.same ? '=' : '≠'}`);

describe('alignSequences', () => {
  it('pairs equal sequences row by row', () => {
    expect(align(['a', 'b'], ['a', 'b'])).toEqual(['a|a|=', 'b|b|=']);
  });

  it('shows one inserted item as one gap, not a shift of every later row', () => {
    expect(align(['a', 'b', 'c'], ['a', 'x', 'b', 'c'])).toEqual(['a|a|=', '-|x|≠', 'b|b|=', 'c|c|=']);
  });

  it('pairs a changed item with its replacement and keeps trailing extras', () => {
    expect(align(['a', 'b', 'c'], ['a', 'y', 'c', 'd'])).toEqual(['a|a|=', 'b|y|≠', 'c|c|=', '-|d|≠']);
  });

  it('handles empty sides', () => {
    expect(align([], ['a'])).toEqual(['-|a|≠']);
    expect(align(['a'], [])).toEqual(['a|-|≠']);
    expect(align([], [])).toEqual([]);
  });
});
