import { randomUUID } from 'node:crypto';

import { preparedStatement, queryRows, type StatementRunner } from '@agentloom/db';

import type { Logger } from '../logging/logger';

/** What a process tails: one run's events, or every run of a tenant. */
export type WatchTarget = { runId: string } | { tenantId: string };

export interface RunEventWatchersConfig {
  /** A row not refreshed for this long is dead (its process stopped); writers ignore it. */
  ttlMs: number;
  /** How often the process refreshes its rows and drops the ones nobody holds any more. */
  refreshMs: number;
}

export const defaultRunEventWatchersConfig: RunEventWatchersConfig = { ttlMs: 60_000, refreshMs: 10_000 };

/**
 * How long a new tail waits at most for the writers holding its run's row (ADR 0098). A step commit or a
 * finish holds it for a millisecond or so; a longer hold (an erase, a batched finish behind other runs) is
 * left to the settle reads, so a waiting read never keeps a pooled connection for long.
 */
export const writersInFlightTimeoutMs = 1_000;

const runWritersSettled = preparedStatement('SELECT agentloom_run_writers_settled($1::uuid, $2::integer) AS settled');

/** A hold on a watch: `ready` settles once the row is committed (writers notify from then on). */
export interface WatchHold {
  ready: Promise<void>;
  release(): void;
}

interface Registration {
  target: WatchTarget;
  holders: number;
  ready: Promise<void>;
}

/**
 * This process's rows in `run_event_watchers` (ADR 0038): writers NOTIFY `agentloom_run_events` only
 * for runs a live row covers, because every notifying commit serializes on Postgres's notify lock.
 * A first hold inserts its row at once; a periodic refresh extends the live rows, deletes the ones
 * no longer held (a release never deletes by itself: a quick re-watch would race the delete) and
 * the expired rows of processes that died. Notifications stay hints: the tails read the table.
 */
export class RunEventWatchers {
  private readonly registrations = new Map<string, Registration>();
  private readonly processKey = randomUUID();
  private timer: NodeJS.Timeout | undefined;
  private refreshing: Promise<string[]> | undefined;

  constructor(
    private readonly statements: StatementRunner,
    private readonly logger: Logger,
    private readonly config: RunEventWatchersConfig = defaultRunEventWatchersConfig,
    /**
     * Called after every periodic refresh with the watched runs that no longer exist (erased, ADR 0104): tails
     * end those and read the others once more, catching a commit that raced their registration.
     */
    private readonly onRefreshed: (goneRunIds: readonly string[]) => void = () => undefined,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => void this.refresh().then(this.onRefreshed), this.config.refreshMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    this.registrations.clear();
    await this.refreshing;
    await this.refresh();
  }

  watch(target: WatchTarget): WatchHold {
    const key = this.keyOf(target);
    let registration = this.registrations.get(key);
    if (registration) {
      registration.holders += 1;
    } else {
      registration = { target, holders: 1, ready: this.upsert([[key, target]]).then(() => undefined) };
      this.registrations.set(key, registration);
    }
    const held = registration;
    let released = false;
    return {
      ready: held.ready,
      release: () => {
        if (released) return;
        released = true;
        held.holders -= 1;
        if (held.holders === 0 && this.registrations.get(key) === held) this.registrations.delete(key);
      },
    };
  }

  /**
   * Resolves once the writers that held the run's row when it was called have committed or rolled back
   * (ADR 0098), true when it did not give up first. Each writer tests for watchers while it holds the row,
   * so one that tested before this process's row committed, and therefore sends no notification, is done
   * by then: a read of the table afterwards finds its events. Never rejects: a failure or a timeout is
   * left to the settle reads (ADR 0091) and the refresh.
   */
  async writersSettled(runId: string): Promise<boolean> {
    try {
      const rows = await queryRows<{ settled: boolean }>(this.statements, runWritersSettled, [runId, writersInFlightTimeoutMs]);
      return rows[0]?.settled === true;
    } catch (error) {
      this.logger.warn('Waiting for the writers of a run in flight failed; its stream may lag until a settle read', {
        runId,
        error: error instanceof Error ? error.message : String(error),
      });
      return false;
    }
  }

  /** Number of distinct rows this process holds (runs and tenants). */
  get size(): number {
    return this.registrations.size;
  }

  /**
   * Extends every held row, deletes this process's rows nobody holds and every expired row. Also
   * what a reconnect calls: a restarted server emptied the UNLOGGED table. Resolves with the held runs
   * that no longer exist: an erase notifies only on commit, so a process whose listening connection was
   * down then, or whose row committed after the erase looked for watchers, learns of the erase here.
   */
  refresh(): Promise<string[]> {
    this.refreshing ??= this.upsert([...this.registrations].map(([key, registration]) => [key, registration.target] as const), true).finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private keyOf(target: WatchTarget): string {
    return 'runId' in target ? `${this.processKey}:run:${target.runId}` : `${this.processKey}:tenant:${target.tenantId}`;
  }

  /**
   * One statement; never rejects (a failed write is logged, the next refresh repairs it). A refresh (`prune`)
   * also answers which of the runs no longer exist: one index probe per watched run every 10 s.
   */
  private async upsert(rows: readonly (readonly [string, WatchTarget])[], prune = false): Promise<string[]> {
    const keys = rows.map(([key]) => key);
    const runIds = rows.map(([, target]) => ('runId' in target ? target.runId : null));
    const tenantIds = rows.map(([, target]) => ('tenantId' in target ? target.tenantId : null));
    try {
      const result = await queryRows<{ gone: string[] }>(
        this.statements,
        `WITH pruned AS (
           DELETE FROM run_event_watchers
            WHERE $5::boolean AND NOT (key = ANY ($1::text[])) AND (key LIKE $6 || ':%' OR expires_at < now())
         ), upserted AS (
           INSERT INTO run_event_watchers (key, run_id, tenant_id, expires_at)
           SELECT watcher.key, watcher.run_id, watcher.tenant_id, now() + make_interval(secs => $4::double precision / 1000)
             FROM unnest($1::text[], $2::uuid[], $3::uuid[]) AS watcher(key, run_id, tenant_id)
           ON CONFLICT (key) DO UPDATE SET expires_at = EXCLUDED.expires_at
         )
         SELECT ARRAY(SELECT watched.run_id::text FROM unnest($2::uuid[]) AS watched(run_id)
                       WHERE $5::boolean AND watched.run_id IS NOT NULL
                         AND NOT EXISTS (SELECT 1 FROM runs WHERE runs.id = watched.run_id)) AS gone`,
        [keys, runIds, tenantIds, this.config.ttlMs, prune, this.processKey],
      );
      return result[0]?.gone ?? [];
    } catch (error) {
      this.logger.warn('Registering run event watchers failed; live updates may lag until the next refresh', {
        error: error instanceof Error ? error.message : String(error),
      });
      return [];
    }
  }
}
