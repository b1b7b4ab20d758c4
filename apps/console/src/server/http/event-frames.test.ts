import type { StoredRunEvent } from '@agentloom/platform';
import { describe, expect, it } from 'vitest';

import { encodedEventFrame, encodedEventFrames, formatEventFrame } from './event-frames';

const runId = '0190a1b2-0000-7000-8000-000000000001';
const event = (seq: number, type: string, payload: StoredRunEvent['payload'] = {}): StoredRunEvent => ({ runId, seq, type, payload, createdAt: new Date(Date.UTC(2026, 11, 2, 6, 0, seq)) });

describe('SSE frames', () => {
  it('writes the frames of a batch back to back in one chunk, byte for byte the single frames in order', () => {
    // Surrogate pairs and escapes: the chunk is built from encoded bytes, never from string lengths.
    const events = [event(1, 'run-created'), event(2, 'text-delta', { text: '😀 "quoted"\nline' }), event(3, 'run-finished')];
    const chunk = new TextDecoder().decode(encodedEventFrames(events));
    expect(chunk).toBe(events.map(formatEventFrame).join(''));
    expect(chunk.split('\n\n').filter(Boolean).map((frame) => frame.match(/^id: (\d+)$/m)?.[1])).toEqual(['1', '2', '3']);
  });

  it('encodes an event once for every subscriber (the same bytes object), and a batch of one is that frame', () => {
    const only = event(7, 'step-committed');
    expect(encodedEventFrames([only])).toBe(encodedEventFrame(only));
    expect(encodedEventFrame(only)).toBe(encodedEventFrame(only));
  });

  it('builds the chunk of a batch once for every subscriber handed the same event objects, and a different batch anew', () => {
    const events = [event(1, 'approval-decided'), event(2, 'step-started'), event(3, 'step-committed')];
    // Each subscriber builds its own array of the hub's event objects.
    const chunk = encodedEventFrames([...events]);
    expect(encodedEventFrames([...events])).toBe(chunk);
    const shorter = encodedEventFrames(events.slice(0, 2));
    expect(shorter).not.toBe(chunk);
    expect(new TextDecoder().decode(shorter)).toBe(events.slice(0, 2).map(formatEventFrame).join(''));
    const longer = [...events, event(4, 'run-finished')];
    expect(new TextDecoder().decode(encodedEventFrames(longer))).toBe(longer.map(formatEventFrame).join(''));
  });
});
