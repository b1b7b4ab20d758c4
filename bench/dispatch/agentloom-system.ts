import type { Database } from '@agentloom/db';
import { repositoryMigrationsDirectory } from '@agentloom/db/testing';
import { createPlatform, type Logger, type Principal } from '@agentloom/platform';
import { silentLogger } from '@agentloom/platform/testing';

import { RunExecutor, RunService, type RunExecutorConfig, type RunProcessor } from './agentloom-internals';
import type { DispatchSystem } from './dispatch-system';
import { finishRunProcessor } from './finish-run-processor';

/**
 * Executor settings. pollMs is only the fallback for missed notifications; every run creation
 * NOTIFYs. Lease and heartbeat stay at their defaults: no run lives long enough to renew one.
 */
export const agentLoomExecutorConfig: Omit<RunExecutorConfig, 'concurrency'> = {
  pollMs: 500,
  // The executor's default (ADR 0066): a second claim may start while one is in flight.
  claimsInFlight: 2,
  leaseMs: 30_000,
  heartbeatMs: 5_000,
  recoveryIntervalMs: 5_000,
  claimOnFinish: true,
  toolAbortGraceMs: 5_000,
  drainTimeoutMs: 10_000,
};

/** The executor class under test: the platform's, or a proposed copy (proposal/). */
export type ExecutorConstructor = new (
  database: Database,
  processor: RunProcessor,
  logger: Logger,
  config: Partial<RunExecutorConfig>,
) => { start(): Promise<void>; stop(): Promise<void> };

/**
 * The executor's logger in a bench worker: an error (a run that failed, a claim that threw) ends the
 * worker process, which fails the bench — an error is never averaged into the figures.
 */
const failOnErrorLogger: Logger = {
  info: () => undefined,
  warn: (message, fields) => console.error(`AgentLoom worker warning: ${message}`, fields ?? ''),
  error: (message, fields) => {
    console.error(`AgentLoom worker error: ${message}`, fields ?? '');
    process.exit(1);
  },
};

/** Runs created through RunService (run row + `run-created` event + audit + NOTIFY in one statement). */
export const agentLoomSystem = createAgentLoomSystem('AgentLoom', RunExecutor);

/**
 * The same, with the hot statements sent unnamed (planned on every execution), as before ADR 0055:
 * kept side by side so the table shows what prepared statements are worth on this machine today.
 */
export const agentLoomUnpreparedSystem = createAgentLoomSystem('AgentLoom, unprepared', RunExecutor, { prepared: false });

/**
 * The same, with freed slots filled by the claim loop only, as before ADR 0074 (the statement that
 * finishes runs does not claim their successors): kept side by side to show what that is worth.
 */
export const agentLoomClaimAfterFinishSystem = createAgentLoomSystem('AgentLoom, claim after finish', RunExecutor, {
  prepared: true,
  executorConfig: { claimOnFinish: false },
});

/**
 * The same, with the indexes ADR 0062 made partial or dropped put back as they were (total), so the
 * table shows what the fewer index entries per run are worth on this machine today.
 */
export const agentLoomTotalIndexesSystem = createAgentLoomSystem('AgentLoom, total indexes', RunExecutor, { prepared: true, totalIndexes: true });

/** The indexes as they were before migration 20261203160000_dispatch_index_diet (ADR 0062). */
export const totalIndexesSql = `
  DROP INDEX runs_fork_of_run_id_idx; CREATE INDEX runs_fork_of_run_id_idx ON runs (fork_of_run_id);
  DROP INDEX runs_retry_of_run_id_key; CREATE UNIQUE INDEX runs_retry_of_run_id_key ON runs (retry_of_run_id);
  DROP INDEX runs_tenant_id_idempotency_key_key; CREATE UNIQUE INDEX runs_tenant_id_idempotency_key_key ON runs (tenant_id, idempotency_key);
  CREATE INDEX run_events_tenant_id_created_at_idx ON run_events (tenant_id, created_at);`;

/** One statement (a DO block), so it runs through any client that sends one statement at a time. */
export const restoreTotalIndexesStatement = `DO $$ BEGIN ${totalIndexesSql} END $$`;

export function createAgentLoomSystem(
  name: string,
  Executor: ExecutorConstructor,
  options: { prepared: boolean; totalIndexes?: boolean; executorConfig?: Partial<RunExecutorConfig> } = { prepared: true },
): DispatchSystem {
  const asConfigured = (database: Database): Database => (options.prepared ? database : withoutPreparedStatements(database));
  return {
    name,
    async prepare(url) {
      const platform = await createPlatform({
        database: { url, migrationsDirectory: repositoryMigrationsDirectory },
        secrets: { key: Buffer.alloc(32, 7) },
        logger: silentLogger,
      });
      const principal: Principal | null = platform.seed.adminKey ? await platform.auth.authenticate(platform.seed.adminKey) : null;
      if (!principal) throw new Error('The bench database was not seeded with an admin key');
      if (options.totalIndexes) await platform.database.prisma.$executeRawUnsafe(restoreTotalIndexesStatement);
      const agent = await platform.database.prisma.agent.findFirstOrThrow({
        where: { slug: 'demo-operator' },
        select: { id: true },
      });
      const runs = new RunService(asConfigured(platform.database));
      return {
        enqueue: async () => (await runs.create(principal, { agentId: agent.id, input: 'no-op' })).run.id,
        // Counts through the partial queue and lease indexes (ADR 0039), as graphile-worker's count reads its
        // shrinking jobs table: `status <> 'succeeded'` scanned every run ever made, 100 times a second.
        unfinishedJobsQuery:
          "SELECT ((SELECT count(*) FROM runs WHERE status = 'queued') + (SELECT count(*) FROM runs WHERE status = 'running'))::int AS count",
        close: () => platform.close(),
      };
    },
    async createConsumer(url, concurrency, onJobStarted) {
      const platform = await createPlatform({
        database: { url, migrationsDirectory: repositoryMigrationsDirectory },
        secrets: { key: Buffer.alloc(32, 7) },
        logger: silentLogger,
        seedDemoTenant: false,
      });
      const database = asConfigured(platform.database);
      const executor = new Executor(database, finishRunProcessor(database, onJobStarted), failOnErrorLogger, {
        ...agentLoomExecutorConfig,
        ...options.executorConfig,
        concurrency,
      });
      return {
        start: () => executor.start(),
        stop: async () => {
          await executor.stop();
          await platform.close();
        },
      };
    },
  };
}

/** The database with a statement runner that cannot prepare: hot statements fall back to unnamed ones. */
function withoutPreparedStatements(database: Database): Database {
  const { statements } = database;
  return {
    ...database,
    statements: {
      query: (text, ...values) => statements.query(text, ...values),
      execute: (text, ...values) => statements.execute(text, ...values),
    },
  };
}
