/**
 * One worker process: `worker-process.ts <system> <database url> <concurrency>`. Connects, says
 * `ready`, claims nothing until told `start`, records when each job's handler began, and hands the
 * records over on `report`. Spawned by worker-pool.ts with an IPC channel.
 */
import { wallClockMs } from './dispatch-system';
import { isSystemKey, systems } from './systems';
import type { FromWorkerMessage, ToWorkerMessage } from './worker-messages';

const [systemKey, url, concurrencyText] = process.argv.slice(2);
if (!isSystemKey(systemKey) || !url || !concurrencyText) throw new Error('usage: worker-process.ts <system> <url> <concurrency>');
const send = (message: FromWorkerMessage) => process.send?.(message);

const starts: [string, number][] = [];
const consumer = await systems[systemKey].createConsumer(url, Number(concurrencyText), (jobId) => {
  starts.push([jobId, wallClockMs()]);
});

process.on('message', (message: ToWorkerMessage) => {
  void handle(message).catch((error: unknown) => {
    console.error(`${systemKey} worker ${process.pid}:`, error);
    process.exit(1);
  });
});
send({ type: 'ready' });

async function handle(message: ToWorkerMessage): Promise<void> {
  if (message.type === 'start') {
    await consumer.start();
    send({ type: 'started' });
  } else if (message.type === 'report') {
    send({ type: 'report', starts: starts.splice(0) });
  } else {
    await consumer.stop();
    send({ type: 'stopped' });
    process.disconnect();
    // Some clients keep timers after stop; exit so the pool's wait for the exit ends (and --cpu-prof writes its profile).
    setImmediate(() => process.exit(0));
  }
}
