/**
 * The fan-out bench's SSE subscribers, in a process of their own: `subscriber-process.ts`, spawned by
 * subscriber-fleet.ts with an IPC channel. Each round it opens `count` streams (in waves), says how the
 * server answered, starts its clocks on `measure`, and sends every received event once all streams
 * have ended. The bench's orchestrating process holds a platform, a Prisma client and the replay run's
 * data (≈ 80–100 MB of heap); subscribers in that heap paid for its major GC pauses (10–25 ms each,
 * `--trace-gc`) as if they were fan-out latency. Here they share a heap with nothing but their streams.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';

import { openEventStream, type EventStreamConnection } from '../../apps/console/test/support/event-stream-client';
import { eventData } from '../../apps/console/test/support/run-event-frames';
import { openLeanEventStream, type ReceivedEvent } from './lean-event-stream';
import { openRawEventStream } from './raw-event-stream';
import type { FromSubscribersMessage, ToSubscribersMessage } from './subscriber-messages';

interface Subscriber {
  status: number;
  events: Promise<ReceivedEvent[]>;
  close(): void;
}

const send = (message: FromSubscribersMessage) => process.send?.(message);
let subscribers: Subscriber[] = [];

process.on('message', (message: ToSubscribersMessage) => {
  void handle(message).catch((error: unknown) => {
    send({ type: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  });
});
send({ type: 'ready' });

async function handle(message: ToSubscribersMessage): Promise<void> {
  switch (message.type) {
    case 'open': {
      const open = message.client === 'raw' ? openRawEventStream : message.client === 'lean' ? openLeanEventStream : fetchStream;
      subscribers = await connectInWaves(message.count, () => open(message.url, message.headers));
      send({ type: 'opened', statuses: subscribers.map((subscriber) => subscriber.status) });
      return;
    }
    case 'measure':
      return measure();
    case 'close':
      for (const subscriber of subscribers) subscriber.close();
      subscribers = [];
      send({ type: 'closed' });
      return;
    case 'stop':
      for (const subscriber of subscribers) subscriber.close();
      process.disconnect();
      setImmediate(() => process.exit(0));
      return;
  }
}

async function measure(): Promise<void> {
  // A fresh monitor per round: re-enabling one counts the time it was off as a delay.
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  const cpu = process.cpuUsage();
  send({ type: 'measuring' });
  const received = await Promise.all(subscribers.map((subscriber) => subscriber.events));
  const cpuUsed = process.cpuUsage(cpu);
  const endedAtMicroseconds = Number(process.hrtime.bigint() / 1000n);
  loopDelay.disable();
  subscribers = [];
  send({
    type: 'round',
    round: {
      received,
      loopDelayP99Ms: loopDelay.percentile(99) / 1e6,
      loopDelayMaxMs: loopDelay.max / 1e6,
      cpuMs: (cpuUsed.user + cpuUsed.system) / 1000,
      endedAtMicroseconds,
    },
  });
}

/**
 * Opens the streams `connectWave` at a time: what is measured is the fan-out of commits to open
 * streams, not a storm of 500 simultaneous connection setups (each authenticates and checks access
 * against the database; at once, on 2 loaded cores, they exhaust the pool and are refused with 503 —
 * which the bench reports as a failure rather than measuring around).
 */
async function connectInWaves(count: number, connect: () => Promise<Subscriber>): Promise<Subscriber[]> {
  const connections: Subscriber[] = [];
  while (connections.length < count) {
    const wave = Math.min(connectWave, count - connections.length);
    connections.push(...(await Promise.all(Array.from({ length: wave }, connect))));
  }
  return connections;
}

const connectWave = 25;

/** The stock test client (fetch + TextDecoderStream + an async generator + JSON.parse per frame). */
async function fetchStream(url: string, headers: Record<string, string>): Promise<Subscriber> {
  const connection = await openEventStream(url, headers);
  return { status: connection.status, events: connection.status === 200 ? collect(connection) : Promise.resolve([]), close: () => connection.close() };
}

async function collect(connection: EventStreamConnection): Promise<ReceivedEvent[]> {
  const events: ReceivedEvent[] = [];
  for await (const frame of connection.frames) {
    const receivedAt = Date.now();
    const data = eventData(frame);
    events.push({ seq: data.seq, type: data.type, createdAtMs: Date.parse(data.createdAt), receivedAt });
  }
  return events;
}
