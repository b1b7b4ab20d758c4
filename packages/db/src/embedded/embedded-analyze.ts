import type { RawSql } from '../connection/raw-sql';

/**
 * The tables the console and the executor read by run on every page and step: their statistics
 * decide between an index probe and a scan (bench/README, "consoleperf": the first page of steps
 * 79 ms without statistics, 2.6 ms with).
 */
export const hotTables = ['runs', 'steps', 'run_events', 'tool_calls', 'messages', 'approvals', 'checkpoints', 'threads'] as const;

/**
 * The statistics target of the embedded ANALYZE: a sample of 9,000 rows instead of Postgres's 30,000. Every
 * statement on PGlite's one session waits for an ANALYZE, and `run_events` (40,000 rows, JSON payloads) took
 * 210–360 ms at the default against 77–79 ms at 30, with the same plans for the run and step-panel reads
 * (bench/README, durable-step, session 19). 30 histogram buckets and most-common values are plenty for the
 * choices ADR 0060 needed statistics for (an index probe or a scan, by run).
 */
export const embeddedStatisticsTarget = 30;

export interface EmbeddedAnalyzeOptions {
  tables?: readonly string[];
  /** Autovacuum's rule: due after `minimumChanges + changeFraction × rows` changes since the last ANALYZE. */
  minimumChanges?: number;
  changeFraction?: number;
  /** `default_statistics_target` for these ANALYZEs (Postgres's is 100); it sets the sample: 300 rows per unit. */
  statisticsTarget?: number;
  /** Told each table analyzed and how long it took (logs, tests, the bench). */
  onAnalyzed?: (table: string, durationMs: number) => void;
}

export interface EmbeddedAnalyzer {
  /** One look: analyzes the table most due, if any, and says which; the maintenance tick calls it, tests call it directly. */
  analyzeDue(): Promise<string | undefined>;
}

interface TableActivity {
  table: string;
  changes: number;
  rows: number;
  analyzed: boolean;
}

/**
 * PGlite runs no autovacuum, so an embedded database is never analyzed and its planner guesses.
 * This does what autovacuum's analyze would, cheaply and off the request path: the maintenance tick
 * (embedded-maintenance.ts) asks it to read the change counters (`pg_stat_user_tables`, in memory)
 * and analyze at most one due table, so the pause a request might queue behind stays one table's
 * ANALYZE (ADR 0060). A table never analyzed is due once it holds rows.
 */
export function createEmbeddedAnalyzer(statements: RawSql, options: EmbeddedAnalyzeOptions = {}): EmbeddedAnalyzer {
  const tables = [...(options.tables ?? hotTables)];
  const minimumChanges = options.minimumChanges ?? 50;
  const changeFraction = options.changeFraction ?? 0.1;
  const statisticsTarget = options.statisticsTarget ?? embeddedStatisticsTarget;

  return {
    analyzeDue: async () => {
      const activity = await statements.query<TableActivity>(
        `SELECT relname AS "table", n_mod_since_analyze::float8 AS changes, GREATEST(n_live_tup, 0)::float8 AS rows,
                (last_analyze IS NOT NULL OR last_autoanalyze IS NOT NULL) AS analyzed
           FROM pg_stat_user_tables WHERE schemaname = current_schema() AND relname = ANY($1::text[])`,
        tables,
      );
      const due = activity
        .filter((entry) => (entry.analyzed ? entry.changes > minimumChanges + changeFraction * entry.rows : entry.rows > 0 || entry.changes > 0))
        .sort((left, right) => right.changes - left.changes)[0];
      if (!due) return undefined;
      const started = performance.now();
      // Only ANALYZE reads this setting; other statements on the session between SET and RESET are unaffected.
      await statements.execute(`SET default_statistics_target = ${statisticsTarget}`);
      try {
        // The name comes from the fixed list above, never from input.
        await statements.execute(`ANALYZE "${due.table}"`);
      } finally {
        await statements.execute('RESET default_statistics_target');
      }
      options.onAnalyzed?.(due.table, performance.now() - started);
      return due.table;
    },
  };
}
