import { describe, expect, it } from 'vitest';

import { median } from './median';

describe('median', () => {
  it('takes the middle of an odd count and the mean of the middle two of an even one, whatever the order', () => {
    expect(median([9, 1, 5])).toBe(5);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
  });

  it('is NaN for no samples, never a number it made up', () => {
    expect(median([])).toBeNaN();
  });
});
