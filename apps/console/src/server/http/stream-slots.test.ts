import { describe, expect, it } from 'vitest';
import { StreamSlots } from './stream-slots';

describe('stream slots', () => {
  it('hold at most perKey streams per key at once, free one on release (once), and keep keys apart', () => {
    const slots = new StreamSlots(2);
    const first = slots.acquire('key-a');
    const second = slots.acquire('key-a');
    expect(first && second).toBeTruthy();
    expect(slots.acquire('key-a')).toBeUndefined();
    expect(slots.acquire('key-b')).toBeDefined();
    first!.release();
    first!.release();
    expect(slots.openCount('key-a')).toBe(1);
    expect(slots.trackedKeys).toBe(2);
    const third = slots.acquire('key-a');
    expect(third).toBeDefined();
    expect(slots.acquire('key-a')).toBeUndefined();
    second!.release();
    third!.release();
    expect(slots.openCount('key-a')).toBe(0);
    // A key whose last stream closed holds no memory.
    expect(slots.trackedKeys).toBe(1);
  });
});
