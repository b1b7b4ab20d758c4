import { PgBoss, type WorkOptions } from 'pg-boss';

import type { DispatchSystem } from './dispatch-system';

const queue = 'dispatch';

/**
 * pg-boss at its fastest for this load: LISTEN/NOTIFY on (`useListenNotify` + queue `notify`), the
 * minimum polling intervals (0.5 s), and batches of `concurrency` jobs with `burstWhenBatchFull`, so
 * a worker refetches at once while the backlog lasts. With batchSize 1 a pg-boss worker waits out
 * its polling interval between fetches unless a NOTIFY arrives, which caps a pre-filled queue at a
 * few jobs per second per worker.
 */
export function pgBossWorkOptions(concurrency: number): WorkOptions {
  return {
    batchSize: concurrency,
    burstWhenBatchFull: true,
    pollingIntervalSeconds: 0.5,
    notifyPollingIntervalSeconds: 0.5,
  };
}

export const pgBossSystem: DispatchSystem = {
  name: 'pg-boss 12',
  async prepare(url) {
    const boss = new PgBoss({ connectionString: url, useListenNotify: true });
    boss.on('error', (error) => console.error('pg-boss producer:', error));
    await boss.start();
    await boss.createQueue(queue, { notify: true });
    return {
      enqueue: async () => {
        const id = await boss.send(queue, {});
        if (!id) throw new Error('pg-boss refused the job');
        return id;
      },
      unfinishedJobsQuery: `SELECT count(*)::int AS count FROM pgboss.job WHERE name = '${queue}' AND state <> 'completed'`,
      close: () => boss.stop({ graceful: false }),
    };
  },
  async createConsumer(url, concurrency, onJobStarted) {
    const boss = new PgBoss({ connectionString: url, useListenNotify: true });
    boss.on('error', (error) => console.error('pg-boss worker:', error));
    await boss.start();
    return {
      start: async () => {
        // The whole batch is "in flight" at once, as the other systems run `concurrency` jobs at once.
        await boss.work(queue, pgBossWorkOptions(concurrency), (jobs) => {
          for (const job of jobs) onJobStarted(job.id);
          return Promise.resolve();
        });
      },
      stop: () => boss.stop({ graceful: true }),
    };
  },
};
