import { describe, expect, it } from 'vitest';

import { errorNeighbours } from './error-neighbours';

describe('errorNeighbours', () => {
  const errors = [1_249, 3_749, 6_249];

  it('goes to the first error after the open step and the last one before it', () => {
    expect(errorNeighbours(errors, 3_749)).toEqual({ next: 6_249, previous: 1_249 });
    expect(errorNeighbours(errors, 2_000)).toEqual({ next: 3_749, previous: 1_249 });
  });

  it('wraps around at the ends, and starts from the first (next) and last (previous) with no step open', () => {
    expect(errorNeighbours(errors, 7_000)).toEqual({ next: 1_249, previous: 6_249 });
    expect(errorNeighbours(errors, 5)).toEqual({ next: 1_249, previous: 6_249 });
    expect(errorNeighbours(errors, null)).toEqual({ next: 1_249, previous: 6_249 });
  });

  it('has nowhere to go in a run without errors', () => {
    expect(errorNeighbours([], 3)).toEqual({ next: undefined, previous: undefined });
  });
});
