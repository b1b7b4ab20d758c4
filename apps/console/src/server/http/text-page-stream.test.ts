import { describe, expect, it } from 'vitest';

import { textPageStream } from './text-page-stream';

describe('textPageStream', () => {
  it('reads a page only when the reader has taken the previous one, and ends with the generator', async () => {
    const read: number[] = [];
    async function* pages() {
      for (let page = 0; page < 3; page += 1) {
        read.push(page);
        // A page is a database read in the product.
        await Promise.resolve();
        yield `page ${page}\n`;
      }
    }
    const reader = textPageStream(pages()).getReader();
    const decoder = new TextDecoder();
    expect(decoder.decode((await reader.read()).value)).toBe('page 0\n');
    // The stream's queue holds at most one page ahead of the reader.
    expect(read.length).toBeLessThanOrEqual(2);
    expect(decoder.decode((await reader.read()).value)).toBe('page 1\n');
    expect(decoder.decode((await reader.read()).value)).toBe('page 2\n');
    expect((await reader.read()).done).toBe(true);
  });

  it('ends the generator (its finally block runs) when the client cancels the stream', async () => {
    let ended = false;
    async function* pages() {
      try {
        for (let page = 0; ; page += 1) {
          await Promise.resolve();
          yield `page ${page}\n`;
        }
      } finally {
        ended = true;
      }
    }
    const reader = textPageStream(pages()).getReader();
    await reader.read();
    await reader.cancel();
    expect(ended).toBe(true);
  });
});
