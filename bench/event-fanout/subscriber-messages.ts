import type { FanoutClient } from './bench-settings';
import type { ReceivedEvent } from './lean-event-stream';

/** From the bench to its subscriber process. */
export type ToSubscribersMessage =
  | { type: 'open'; url: string; headers: Record<string, string>; count: number; client: FanoutClient }
  | { type: 'measure' }
  | { type: 'close' }
  | { type: 'stop' };

/** What one round cost the subscriber process, from `measure` to the last stream's end. */
export interface SubscriberRound {
  /** Per subscriber, its events in arrival order. */
  received: ReceivedEvent[][];
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  cpuMs: number;
  /** CLOCK_MONOTONIC µs when the last stream ended (the end of the console profile's fan-out window). */
  endedAtMicroseconds: number;
}

/** From the subscriber process to the bench. */
export type FromSubscribersMessage =
  | { type: 'ready' }
  | { type: 'opened'; statuses: number[] }
  | { type: 'measuring' }
  | { type: 'round'; round: SubscriberRound }
  | { type: 'closed' }
  | { type: 'failed'; message: string };
