import type { StoredRunEvent } from '@agentloom/platform';

const encoder = new TextEncoder();

/** How long a stock EventSource waits before reconnecting after a dropped connection (`retry:`). */
export const reconnectDelayMs = 3_000;

/**
 * One run event as an SSE frame. `id` is the seq, which is what a reconnect sends as Last-Event-ID.
 * Every frame is a default `message` (no `event:` field) carrying the type in its JSON, so a stock
 * `EventSource.onmessage` receives every event; named `event:` types would reach only listeners
 * registered for each type by name, and silently drop types added later. `retry:` rides along so
 * any frame tells a reconnecting client how long to wait.
 */
export function formatEventFrame(event: StoredRunEvent): string {
  const data = JSON.stringify({ seq: event.seq, type: event.type, payload: event.payload, createdAt: event.createdAt.toISOString() });
  return `retry: ${reconnectDelayMs}\nid: ${event.seq}\ndata: ${data}\n\n`;
}

/**
 * Encoded frames by event object. The platform hands every subscriber of a run the same event
 * objects (one read per commit), so the frame is serialized and encoded once per event for all of
 * them; the entry goes when the event object does.
 */
const encodedFrames = new WeakMap<StoredRunEvent, Uint8Array>();

export function encodedEventFrame(event: StoredRunEvent): Uint8Array {
  let frame = encodedFrames.get(event);
  if (frame === undefined) {
    frame = encoder.encode(formatEventFrame(event));
    encodedFrames.set(event, frame);
  }
  return frame;
}

/** The chunk last built for a batch, by its first event object: `last` and `length` tell whether a batch is the same one. */
const encodedBatches = new WeakMap<StoredRunEvent, { last: StoredRunEvent; length: number; chunk: Uint8Array }>();

/**
 * The frames of events that are ready together, as one chunk: one write to the socket per commit
 * (or per catch-up page of up to 500 events) for each subscriber instead of one per event. The
 * chunk is built once per batch for every subscriber: they are handed the same event objects, and a
 * batch is a gap-free seq range of one run, whose events never change once committed, so a batch
 * with the same first and last object and length holds the same bytes and the cached chunk is
 * reused — 500 subscribers of a three-event commit cost one concatenation, not 500 (ADR 0070).
 */
export function encodedEventFrames(events: readonly StoredRunEvent[]): Uint8Array {
  if (events.length === 1) return encodedEventFrame(events[0]!);
  const first = events[0]!;
  const last = events.at(-1)!;
  const cached = encodedBatches.get(first);
  if (cached?.last === last && cached.length === events.length) return cached.chunk;
  const frames = events.map(encodedEventFrame);
  const chunk = new Uint8Array(frames.reduce((total, frame) => total + frame.byteLength, 0));
  let offset = 0;
  for (const frame of frames) {
    chunk.set(frame, offset);
    offset += frame.byteLength;
  }
  encodedBatches.set(first, { last, length: events.length, chunk });
  return chunk;
}

/** A comment line: ignored by EventSource, but keeps proxies and idle-timeouts from closing the stream. */
export const heartbeatFrame = encoder.encode(': heartbeat\n\n');
