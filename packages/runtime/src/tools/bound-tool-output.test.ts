import { describe, expect, it } from 'vitest';

import { boundToolOutput, prefixWithinBytes, utf8Bytes } from './bound-tool-output';

describe('boundToolOutput', () => {
  it('returns output within the cap unchanged, recording its size', () => {
    expect(boundToolOutput({ content: 'héllo', data: { a: 1 } }, 1024)).toEqual({ content: 'héllo', data: { a: 1 }, outputBytes: 6 + 7 });
  });

  it('cuts longer output to the cap with a note giving the full size, and never stores more than the cap', () => {
    const content = 'x'.repeat(5 * 1024 * 1024);
    const bounded = boundToolOutput({ content, data: { echo: content } }, 256 * 1024);
    expect(bounded.outputBytes).toBe(5 * 1024 * 1024 + utf8Bytes(JSON.stringify({ echo: content })));
    expect(bounded.data).toBeUndefined();
    expect(utf8Bytes(bounded.content)).toBeLessThanOrEqual(256 * 1024);
    expect(bounded.content).toMatch(/\n\[truncated: 10,485,?\d{3} bytes, showing first 262,\d{3}\]$/);
    const shown = Number(/showing first ([\d,]+)\]$/.exec(bounded.content)![1]!.replace(/,/g, ''));
    expect(bounded.content.startsWith('x'.repeat(shown))).toBe(true);
    expect(bounded.content.at(shown)).toBe('\n');
  });

  it('keeps data that still fits beside the cut content, and keeps isError', () => {
    const bounded = boundToolOutput({ content: 'y'.repeat(5_000), data: { ok: true }, isError: true }, 2_000);
    expect(bounded).toMatchObject({ data: { ok: true }, isError: true, outputBytes: 5_011 });
    expect(utf8Bytes(bounded.content) + utf8Bytes(JSON.stringify(bounded.data))).toBeLessThanOrEqual(2_000);
  });

  it('never splits a surrogate pair or a multi-byte character', () => {
    // 😀 is a surrogate pair (4 bytes in UTF-8), é 2 bytes, € 3 bytes.
    expect(prefixWithinBytes('ab😀c', 5)).toBe('ab');
    expect(prefixWithinBytes('ab😀c', 6)).toBe('ab😀');
    expect(prefixWithinBytes('éé', 3)).toBe('é');
    expect(prefixWithinBytes('€€', 5)).toBe('€');
    const bounded = boundToolOutput({ content: '😀'.repeat(2_000) }, 1_500);
    const kept = bounded.content.slice(0, bounded.content.indexOf('\n[truncated'));
    expect(kept).toBe('😀'.repeat(kept.length / 2));
    expect(utf8Bytes(bounded.content)).toBeLessThanOrEqual(1_500);
    expect(bounded.content).toContain('[truncated: 8,000 bytes, showing first');
  });
});
