import { Logger, makeWorkerUtils, run, type Runner } from 'graphile-worker';
import pg from 'pg';

import type { DispatchSystem } from './dispatch-system';

const task = 'dispatch';
const silentLogger = new Logger(() => () => undefined);

/**
 * graphile-worker with its defaults: LISTEN/NOTIFY wake-ups (a trigger on job insert), one job
 * fetched and completed per query (no localQueue batching, no batched completion), `concurrency`
 * jobs at once per process. pollInterval matches the AgentLoom fallback poll.
 */
export const graphileWorkerSystem: DispatchSystem = {
  name: 'graphile-worker 0.18',
  async prepare(url) {
    // Our own pool with error handlers: the scenario's `DROP DATABASE … WITH (FORCE)` terminates any
    // connection still open, and an idle client of a pool without a handler then crashed the whole
    // bench ("terminating connection due to administrator command", twice at load 12–22).
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    const utilities = await makeWorkerUtils({ pgPool: pool, logger: silentLogger });
    await utilities.migrate();
    return {
      enqueue: async () => (await utilities.addJob(task, {})).id,
      // Completed jobs are deleted, so whatever is left is unfinished.
      unfinishedJobsQuery: 'SELECT count(*)::int AS count FROM graphile_worker.jobs',
      close: async () => {
        await utilities.release();
        await pool.end();
      },
    };
  },
  async createConsumer(url, concurrency, onJobStarted) {
    // The pool is opened here so `start` costs what the other systems' start costs: no connecting.
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    // graphile-worker warns unless idle pools and their clients both have error handlers.
    pool.on('error', (error) => console.error('graphile-worker pool:', error.message));
    pool.on('connect', (client) => client.on('error', (error) => console.error('graphile-worker client:', error.message)));
    (await pool.connect()).release();
    let runner: Runner | undefined;
    return {
      start: async () => {
        runner = await run({
          pgPool: pool,
          concurrency,
          pollInterval: 500,
          noHandleSignals: true,
          logger: silentLogger,
          taskList: {
            [task]: (_payload, helpers) => void onJobStarted(helpers.job.id),
          },
        });
      },
      stop: async () => {
        await runner?.stop();
        await pool.end();
      },
    };
  },
};
