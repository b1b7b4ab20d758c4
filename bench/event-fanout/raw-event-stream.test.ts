import { describe, expect, it } from 'vitest';

import { ChunkedBodyDecoder } from './raw-event-stream';

/** The body as a server sends it: each frame one chunk (hex size, CRLF, data, CRLF), then the last chunk. */
function chunkedBody(frames: readonly string[]): string {
  return frames.map((frame) => `${Buffer.byteLength(frame, 'latin1').toString(16)}\r\n${frame}\r\n`).join('') + '0\r\n\r\n';
}

const frames = [': connected\n\n', 'retry: 3000\nid: 7\ndata: {"seq":7,"type":"step-committed","createdAt":"2026-12-03T21:00:00.000Z"}\n\n', 'x'.repeat(300)];

describe('ChunkedBodyDecoder (the fan-out bench\'s raw SSE client)', () => {
  it('decodes a body fed whole', () => {
    const decoder = new ChunkedBodyDecoder();
    expect(decoder.push(chunkedBody(frames))).toBe(frames.join(''));
    expect(decoder.ended).toBe(true);
  });

  it('decodes the same body cut at every point into two pieces, and fed a byte at a time', () => {
    const body = chunkedBody(frames);
    for (let cut = 0; cut <= body.length; cut += 1) {
      const decoder = new ChunkedBodyDecoder();
      expect(decoder.push(body.slice(0, cut)) + decoder.push(body.slice(cut)), `cut at ${cut}`).toBe(frames.join(''));
    }
    const decoder = new ChunkedBodyDecoder();
    expect([...body].map((byte) => decoder.push(byte)).join('')).toBe(frames.join(''));
  });

  it('takes size lines in upper- or lower-case hex, with extensions', () => {
    const decoder = new ChunkedBodyDecoder();
    const data = 'y'.repeat(0x1ab);
    expect(decoder.push(`1AB;name=value\r\n${data}\r\n0\r\n\r\n`)).toBe(data);
  });

  it('refuses a size line that is not hex', () => {
    expect(() => new ChunkedBodyDecoder().push('zz\r\nabc\r\n')).toThrow(/Invalid chunk size/);
  });
});
