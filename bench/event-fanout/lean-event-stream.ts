import { request } from 'node:http';

/** What the bench needs of one event frame: its seq, type, commit stamp and when its chunk arrived. */
export interface ReceivedEvent {
  seq: number;
  type: string;
  /** `createdAt` of the event (ms since the epoch). */
  createdAtMs: number;
  /** Wall clock when the socket chunk carrying the frame was read in this process. */
  receivedAt: number;
}

export interface LeanEventStream {
  status: number;
  /** Every event frame until the server ends the stream (or `close`). */
  events: Promise<ReceivedEvent[]>;
  close(): void;
}

/**
 * A cheap SSE client for the fan-out bench: plain `node:http` (no fetch/undici web streams, no
 * TextDecoderStream, no async generator per frame) that takes from each frame only what the bench
 * checks — `id` (seq), the JSON's `type` and `createdAt` — by position, without `JSON.parse`. The
 * console writes every frame as `retry: …\nid: <seq>\ndata: {"seq":…,"type":"…","payload":…,"createdAt":"<ISO>"}`
 * (event-frames.ts), so `type` is the first `"type":"` after `data: ` and `createdAt` ends the line.
 * The 500 subscribers of the bench share the server's two cores: with fetch, the client's own
 * parsing was a measurable part of the latency it reported (bench/README, event-fanout).
 */
export function openLeanEventStream(url: string, headers: Record<string, string>): Promise<LeanEventStream> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { headers: { Accept: 'text/event-stream', ...headers }, agent: false }, (response) => {
      const status = response.statusCode ?? 0;
      const events = new Promise<ReceivedEvent[]>((resolveEvents, rejectEvents) => {
        const received: ReceivedEvent[] = [];
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          const receivedAt = Date.now();
          buffer += chunk;
          let boundary = buffer.indexOf('\n\n');
          let start = 0;
          while (boundary !== -1) {
            const event = parseFrame(buffer, start, boundary, receivedAt);
            if (event) received.push(event);
            start = boundary + 2;
            boundary = buffer.indexOf('\n\n', start);
          }
          buffer = buffer.slice(start);
        });
        response.on('end', () => resolveEvents(received));
        response.on('close', () => resolveEvents(received));
        response.on('error', (error) => (outgoing.destroyed ? resolveEvents(received) : rejectEvents(error)));
      });
      resolve({ status, events, close: () => outgoing.destroy() });
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

const dataPrefix = '\ndata: ';
const typeKey = '"type":"';
const createdAtKey = '"createdAt":"';

/** The frame in `text[start, end)`, or undefined for a comment-only block (`: connected`, heartbeats). */
export function parseFrame(text: string, start: number, end: number, receivedAt: number): ReceivedEvent | undefined {
  const data = text.indexOf(dataPrefix, start);
  if (data === -1 || data >= end) return undefined;
  const idLine = text.lastIndexOf('id: ', data);
  const seq = Number(text.slice(idLine + 4, data));
  const typeStart = text.indexOf(typeKey, data) + typeKey.length;
  const type = text.slice(typeStart, text.indexOf('"', typeStart));
  const createdAtStart = text.lastIndexOf(createdAtKey, end) + createdAtKey.length;
  const createdAtMs = Date.parse(text.slice(createdAtStart, text.indexOf('"', createdAtStart)));
  if (!Number.isInteger(seq) || idLine < start || Number.isNaN(createdAtMs)) throw new Error(`Unexpected frame: ${text.slice(start, end)}`);
  return { seq, type, createdAtMs, receivedAt };
}
