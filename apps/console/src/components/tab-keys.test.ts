import { describe, expect, it } from 'vitest';
import { nextTabIndex } from './tab-keys';

describe('nextTabIndex', () => {
  it('moves right and left, wrapping at both ends', () => {
    expect(nextTabIndex('ArrowRight', 0, 5)).toBe(1);
    expect(nextTabIndex('ArrowRight', 4, 5)).toBe(0);
    expect(nextTabIndex('ArrowLeft', 0, 5)).toBe(4);
    expect(nextTabIndex('ArrowLeft', 3, 5)).toBe(2);
  });

  it('jumps to the first and last tab with Home and End', () => {
    expect(nextTabIndex('Home', 3, 5)).toBe(0);
    expect(nextTabIndex('End', 1, 5)).toBe(4);
  });

  it('leaves other keys to the browser', () => {
    expect(nextTabIndex('Enter', 1, 5)).toBeNull();
    expect(nextTabIndex('ArrowDown', 1, 5)).toBeNull();
  });
});
