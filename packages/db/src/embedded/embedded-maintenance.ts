import type { RawSql } from '../connection/raw-sql';
import { createEmbeddedAnalyzer, type EmbeddedAnalyzeOptions } from './embedded-analyze';
import { checkpointIfDue } from './embedded-checkpoint';

export interface EmbeddedMaintenanceOptions {
  /** How often to look for work; 0 turns the timer off (tests call `tick`). */
  intervalMs: number;
  /** A checkpoint is due once this much WAL was written since the last one. */
  checkpointAfterWalBytes: number;
  analyze?: EmbeddedAnalyzeOptions;
  onError?: (error: unknown) => void;
}

export type MaintenanceWork = 'checkpoint' | { analyzed: string } | undefined;

export interface EmbeddedMaintenance {
  /** One look: a due checkpoint, else the table most due for ANALYZE, else nothing. */
  tick(): Promise<MaintenanceWork>;
  /** Stops the timer and waits for the work in progress (before the database closes). */
  stop(): Promise<void>;
}

/**
 * What autovacuum and the checkpointer do on a server, done for PGlite on an idle, unref'd timer:
 * checkpoints (embedded-checkpoint.ts) and statistics (embedded-analyze.ts, ADR 0060). At most one
 * piece of work per tick, so a statement never queues behind more than one of them on PGlite's single
 * session; a checkpoint goes first, because what it bounds (WAL kept) only grows while it waits.
 */
export function startEmbeddedMaintenance(statements: RawSql, options: EmbeddedMaintenanceOptions): EmbeddedMaintenance {
  const analyzer = createEmbeddedAnalyzer(statements, options.analyze);
  let running: Promise<MaintenanceWork> | undefined;
  let stopped = false;

  const tick = (): Promise<MaintenanceWork> => {
    running ??= (async (): Promise<MaintenanceWork> => {
      if (stopped) return undefined;
      if (await checkpointIfDue(statements, options.checkpointAfterWalBytes)) return 'checkpoint';
      const analyzed = await analyzer.analyzeDue();
      return analyzed === undefined ? undefined : { analyzed };
    })().finally(() => {
      running = undefined;
    });
    return running;
  };

  const timer =
    options.intervalMs > 0
      ? setInterval(() => {
          if (running) return;
          tick().catch((error: unknown) => options.onError?.(error));
        }, options.intervalMs)
      : undefined;
  // Never keeps a process alive on its own.
  timer?.unref();

  return {
    tick,
    stop: async () => {
      stopped = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
