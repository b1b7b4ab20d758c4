import type { EventFrame } from './event-stream-client';

/** The JSON every event frame carries. */
export interface EventData {
  seq: number;
  type: string;
  payload: Record<string, unknown>;
  createdAt: string;
}

export function eventData(frame: EventFrame): EventData {
  return JSON.parse(frame.data) as EventData;
}

/** Reads frames until one satisfies `stop` (included) or the stream ends. */
export async function readUntil(frames: AsyncGenerator<EventFrame>, stop: (data: EventData) => boolean): Promise<EventData[]> {
  const read: EventData[] = [];
  for await (const frame of frames) {
    const data = eventData(frame);
    read.push(data);
    if (stop(data)) break;
  }
  return read;
}

/** Reads every frame until the server ends the stream. */
export async function readToEnd(frames: AsyncGenerator<EventFrame>): Promise<EventData[]> {
  const read: EventData[] = [];
  for await (const frame of frames) read.push(eventData(frame));
  return read;
}

/** 1, 2, 3 … with nothing missing and nothing twice, starting after `afterSeq`. */
export function expectedSequence(afterSeq: number, count: number): number[] {
  return Array.from({ length: count }, (_, index) => afterSeq + index + 1);
}
