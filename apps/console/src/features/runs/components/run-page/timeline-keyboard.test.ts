import { describe, expect, it } from 'vitest';
import { timelineKeyAction, timelineTabStop } from './timeline-keyboard';

describe('timelineKeyAction', () => {
  it('moves one row, a page, or to either end, and never past the ends', () => {
    expect(timelineKeyAction('ArrowDown', 3, 10, 5)).toEqual({ move: 4 });
    expect(timelineKeyAction('ArrowUp', 3, 10, 5)).toEqual({ move: 2 });
    expect(timelineKeyAction('ArrowDown', 9, 10, 5)).toEqual({ move: 9 });
    expect(timelineKeyAction('ArrowUp', 0, 10, 5)).toEqual({ move: 0 });
    expect(timelineKeyAction('PageDown', 7, 10, 5)).toEqual({ move: 9 });
    expect(timelineKeyAction('PageUp', 7, 10, 5)).toEqual({ move: 2 });
    expect(timelineKeyAction('PageDown', 0, 10, 0)).toEqual({ move: 1 });
    expect(timelineKeyAction('Home', 7, 10, 5)).toEqual({ move: 0 });
    expect(timelineKeyAction('End', 2, 10_000, 5)).toEqual({ move: 9_999 });
  });

  it('opens the step on Enter and Space, and leaves every other key (Tab included) to the browser', () => {
    expect(timelineKeyAction('Enter', 2, 10, 5)).toEqual({ open: true });
    expect(timelineKeyAction(' ', 2, 10, 5)).toEqual({ open: true });
    expect(timelineKeyAction('Tab', 2, 10, 5)).toBeNull();
    expect(timelineKeyAction('a', 2, 10, 5)).toBeNull();
    expect(timelineKeyAction('ArrowDown', 0, 0, 5)).toBeNull();
  });
});

describe('timelineTabStop', () => {
  // Steps 10, 11, 12, 13 at positions 0..3.
  const positions = new Map([10, 11, 12, 13].map((index, position) => [index, position]));

  it('is the selected step when the keyboard has not moved since it was selected', () => {
    expect(timelineTabStop(positions, null, 12, 4)).toBe(2);
  });

  it('follows the keyboard while the selection stays as it was', () => {
    expect(timelineTabStop(positions, { index: 13, selectedIndex: 12 }, 12, 4)).toBe(3);
    expect(timelineTabStop(positions, { index: 11, selectedIndex: null }, null, 4)).toBe(1);
  });

  it('goes back to the selected step once the selection changed elsewhere (search, next error, jump)', () => {
    expect(timelineTabStop(positions, { index: 13, selectedIndex: null }, 11, 4)).toBe(1);
  });

  it('falls back to the first row when neither is among the rows (a filter hid them), and to none without rows', () => {
    expect(timelineTabStop(positions, { index: 99, selectedIndex: 50 }, 50, 4)).toBe(0);
    expect(timelineTabStop(new Map(), null, null, 0)).toBeUndefined();
  });
});
