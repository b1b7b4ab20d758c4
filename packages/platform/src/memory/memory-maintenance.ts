import type { Database } from '@agentloom/db';

import type { EraseService } from '../erase/erase-service';
import type { Logger } from '../logging/logger';
import type { ModelConnector } from '../outbound/model-connector';
import { sweepRetention } from '../retention/retention-sweeper';
import { writePendingEpisodes } from './episodes/write-pending-episodes';
import { runPendingExtractions } from './extraction/run-pending-extractions';
import type { PrismaMemoryPort } from './prisma-memory-port';

/**
 * Background work on the executor's sweep: episode summaries of finished runs, fact extraction
 * (ADR 0024), then retention.
 * One sweep at a time per process (a slow model call must not stack sweeps); `stop()` aborts the
 * current one and waits for it, so the database is never closed under it.
 */
export class MemoryMaintenance {
  private running: Promise<void> | null = null;
  private readonly abort = new AbortController();

  constructor(
    private readonly database: Database,
    private readonly port: PrismaMemoryPort,
    private readonly erase: EraseService,
    private readonly logger: Logger,
    /** Episode summaries call the agent's model through it (sealed keys, outbound policy). */
    private readonly models: ModelConnector,
  ) {}

  /** Starts a sweep unless one is running; never throws (failures are logged and retried next sweep). */
  sweep(): Promise<void> {
    if (this.abort.signal.aborted) return Promise.resolve();
    this.running ??= this.sweepOnce().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.running;
  }

  private async sweepOnce(): Promise<void> {
    try {
      await writePendingEpisodes(this.database, this.port, this.logger, { limit: 10, signal: this.abort.signal, models: this.models });
      await runPendingExtractions(this.database, this.port, this.logger, { limit: 10, signal: this.abort.signal, models: this.models });
      await sweepRetention(this.database, this.erase, this.logger, { limit: 50 });
    } catch (error) {
      this.logger.warn('Memory maintenance sweep failed; will retry', { error: error instanceof Error ? error.message : String(error) });
    }
  }
}
