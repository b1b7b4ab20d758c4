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

describe('prefixWithinBytes, exhaustively over the UTF-8 width boundaries', () => {
  // One character of each width edge: 1 byte (U+007F), 2 (U+0080, U+07FF), 3 (U+0800, U+D7FF,
  // U+E000, U+FFFF), 4 (U+10000 and U+10FFFF as pairs), and lone surrogates (3, as U+FFFD).
  const alphabet = ['\u007f', '\u0080', '\u07ff', '\u0800', '\ud7ff', '\ue000', '\uffff', '\ud800\udc00', '\udbff\udfff', '\ud800', '\udfff'];
  const strings: string[] = [];
  for (const first of alphabet) for (const second of alphabet) strings.push(first + second, `a${first}${second}b`);

  it('keeps the longest prefix of whole characters that fits, for every cap', () => {
    for (const text of strings) {
      for (let maxBytes = 0; maxBytes <= 12; maxBytes += 1) {
        const kept = prefixWithinBytes(text, maxBytes);
        expect(text.startsWith(kept)).toBe(true);
        expect(utf8Bytes(kept)).toBeLessThanOrEqual(maxBytes);
        const rest = text.slice(kept.length);
        // Never a high surrogate separated from its low half.
        const last = kept.charCodeAt(kept.length - 1);
        if (last >= 0xd800 && last <= 0xdbff) expect(rest.charCodeAt(0) >= 0xdc00 && rest.charCodeAt(0) <= 0xdfff).toBe(false);
        // Longest: the next whole character would not have fitted.
        if (rest.length > 0) {
          const next = rest.codePointAt(0)! > 0xffff ? rest.slice(0, 2) : rest.slice(0, 1);
          expect(utf8Bytes(kept + next), `${JSON.stringify(text)} at ${maxBytes}`).toBeGreaterThan(maxBytes);
        }
      }
    }
  });
});

describe('boundToolOutput at its edges', () => {
  it('leaves output of exactly the cap alone', () => {
    const content = 'z'.repeat(1_500);
    expect(boundToolOutput({ content }, 1_500)).toEqual({ content, outputBytes: 1_500 });
  });

  it('keeps data of exactly a quarter of the cap, drops larger data, and adds no data key when there was none', () => {
    const quarter = { k: 'q'.repeat(500 - 8) }; // {"k":"…"} is 8 bytes around the value
    expect(utf8Bytes(JSON.stringify(quarter))).toBe(500);
    expect(boundToolOutput({ content: 'c'.repeat(5_000), data: quarter }, 2_000).data).toEqual(quarter);
    expect('data' in boundToolOutput({ content: 'c'.repeat(5_000), data: { k: 'q'.repeat(493) } }, 2_000)).toBe(false);
    expect('data' in boundToolOutput({ content: 'c'.repeat(5_000) }, 2_000)).toBe(false);
  });
});

describe('boundToolOutput makes the result storable', () => {
  const fffd = '\ufffd';

  it('replaces NUL and lone surrogates in content with U+FFFD, and counts the repaired bytes', () => {
    expect(boundToolOutput({ content: 'binary\u0000payload' }, 1024)).toEqual({ content: `binary${fffd}payload`, outputBytes: 16 });
    expect(boundToolOutput({ content: 'half \ud800 pair', isError: true }, 1024)).toEqual({ content: `half ${fffd} pair`, isError: true, outputBytes: 13 });
  });

  it('repairs the strings and object keys of data at any depth', () => {
    const bounded = boundToolOutput({ content: 'ok', data: { 'k\u0000': [{ nested: 'x\ud800y' }], fine: 'é' } }, 1024);
    expect(bounded.data).toEqual({ [`k${fffd}`]: [{ nested: `x${fffd}y` }], fine: 'é' });
    expect(bounded.outputBytes).toBe(2 + utf8Bytes(JSON.stringify(bounded.data)));
  });

  it('hands back the very result when it was storable', () => {
    const data = { list: ['😀'] };
    expect(boundToolOutput({ content: 'fine', data }, 1024).data).toBe(data);
  });

  it('repairs before cutting, so a truncated result is storable and within the cap', () => {
    const bounded = boundToolOutput({ content: '\u0000\ud800'.repeat(2_000), data: { small: '\u0000' } }, 2_000);
    const kept = bounded.content.slice(0, bounded.content.indexOf('\n[truncated'));
    expect(kept).toBe(fffd.repeat(kept.length));
    expect(bounded.data).toEqual({ small: fffd });
    expect(bounded.outputBytes).toBe(4_000 * 3 + utf8Bytes(JSON.stringify({ small: fffd })));
    expect(utf8Bytes(bounded.content) + utf8Bytes(JSON.stringify(bounded.data))).toBeLessThanOrEqual(2_000);
  });
});
