import { connect } from 'node:net';

import { parseFrame, type LeanEventStream, type ReceivedEvent } from './lean-event-stream';

/** Decodes an HTTP/1.1 chunked body fed in pieces cut anywhere; `push` returns the data the piece completes. */
export class ChunkedBodyDecoder {
  /** The size line read so far, while `remaining` is 0 and no CRLF is being skipped. */
  private sizeLine = '';
  private remaining = 0;
  private crlfToSkip = 0;
  /** Set by the last chunk (size 0); anything after it (trailers) is ignored. */
  ended = false;

  push(text: string): string {
    let data = '';
    let index = 0;
    while (index < text.length && !this.ended) {
      if (this.crlfToSkip > 0) {
        const skipped = Math.min(this.crlfToSkip, text.length - index);
        this.crlfToSkip -= skipped;
        index += skipped;
      } else if (this.remaining > 0) {
        const taken = Math.min(this.remaining, text.length - index);
        data += text.slice(index, index + taken);
        this.remaining -= taken;
        index += taken;
        if (this.remaining === 0) this.crlfToSkip = 2;
      } else {
        const lineEnd = text.indexOf('\n', index);
        if (lineEnd === -1) {
          this.sizeLine += text.slice(index);
          break;
        }
        // The line ends in CRLF; a CR cut from its LF sits at the end of sizeLine. parseInt stops at it (and at extensions).
        const size = Number.parseInt(this.sizeLine + text.slice(index, lineEnd), 16);
        if (Number.isNaN(size)) throw new Error(`Invalid chunk size line: ${JSON.stringify(this.sizeLine + text.slice(index, lineEnd))}`);
        this.sizeLine = '';
        index = lineEnd + 1;
        if (size === 0) this.ended = true;
        else this.remaining = size;
      }
    }
    return data;
  }
}

/** One read buffer for every socket: `onread` callbacks run one at a time, each done with it before the next read. */
const readBuffer = Buffer.allocUnsafe(64 * 1024);

/**
 * The cheapest SSE client Node offers, for the fan-out bench: a bare TCP socket whose reads land in
 * one shared buffer (`onread`), with the HTTP/1.1 response and its chunked body decoded here. No
 * HTTP parser object, no readable stream, no string decoder per read. The bench's 500 subscribers
 * share the machine's two cores with the console and Postgres: every microsecond a subscriber spends
 * on a read is one the console does not get, and a late read stamps a late arrival. Frames are read
 * as latin1: only ASCII markers and values (`id`, `type`, `createdAt`) are taken from them.
 */
export function openRawEventStream(url: string, headers: Record<string, string>): Promise<LeanEventStream> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const received: ReceivedEvent[] = [];
    let head = '';
    let status = 0;
    let chunked = false;
    let body = '';
    const chunks = new ChunkedBodyDecoder();
    let settleEvents: (events: ReceivedEvent[]) => void = () => undefined;
    const events = new Promise<ReceivedEvent[]>((resolveEvents) => (settleEvents = resolveEvents));

    const takeFrames = (receivedAt: number) => {
      let start = 0;
      let boundary = body.indexOf('\n\n');
      while (boundary !== -1) {
        const event = parseFrame(body, start, boundary, receivedAt);
        if (event) received.push(event);
        start = boundary + 2;
        boundary = body.indexOf('\n\n', start);
      }
      if (start > 0) body = body.slice(start);
    };

    const socket = connect({
      host: target.hostname,
      port: Number(target.port || 80),
      onread: {
        buffer: readBuffer,
        callback: (bytes) => {
          const receivedAt = Date.now();
          let text = readBuffer.toString('latin1', 0, bytes);
          if (status === 0) {
            head += text;
            const headEnd = head.indexOf('\r\n\r\n');
            if (headEnd === -1) return true;
            status = Number(head.slice(9, 12));
            chunked = /\r\ntransfer-encoding:\s*chunked/i.test(head.slice(0, headEnd));
            text = head.slice(headEnd + 4);
            head = '';
            resolve({ status, events, close: () => socket.destroy() });
          }
          body += chunked ? chunks.push(text) : text;
          takeFrames(receivedAt);
          return true;
        },
      },
    });
    socket.once('connect', () => {
      const lines = [`GET ${target.pathname}${target.search} HTTP/1.1`, `Host: ${target.host}`, 'Accept: text/event-stream', ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    });
    socket.once('error', (error) => (status === 0 ? reject(error) : settleEvents(received)));
    socket.once('close', () => {
      if (status === 0) reject(new Error(`The connection to ${url} closed before a response`));
      settleEvents(received);
    });
  });
}
