import type { Database } from '@agentloom/db';

import type { Logger } from '../logging/logger';
import { fireDueSchedules, type FailedSchedule, type FiredSlot } from './fire-due-schedules';
import type { SchedulerConfig } from './schedule-config';

const maxRoundsPerTick = 50;

export interface TickResult {
  fired: FiredSlot[];
  alreadyFired: number;
  /** Schedules whose firing threw: set aside (`last_error`) while the rest of their batch committed. */
  failed: FailedSchedule[];
}

/**
 * Fires due schedule slots from this process (started with the executor: in the console and in
 * every worker). Any number of schedulers may tick against one database: each transaction claims
 * the schedules it fires with SKIP LOCKED, so a slot fires once whoever ticks.
 */
export class Scheduler {
  private state: 'idle' | 'running' | 'stopped' = 'idle';
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly database: Database,
    private readonly config: SchedulerConfig,
    private readonly logger: Logger,
    /** Called after runs were queued, so this process's executor claims them without waiting. */
    private readonly onFired: () => void = () => undefined,
  ) {}

  start(): Promise<void> {
    if (this.state !== 'idle') return Promise.resolve();
    this.state = 'running';
    this.schedule();
    return Promise.resolve();
  }

  async stop(): Promise<void> {
    this.state = 'stopped';
    clearTimeout(this.timer);
    await this.ticking;
  }

  /** Fires every slot due at the clock's now, batch after batch, until none is left. */
  async tick(): Promise<TickResult> {
    const result: TickResult = { fired: [], alreadyFired: 0, failed: [] };
    const now = this.config.clock();
    // Bounded: a tick never loops for ever, whatever the database answers.
    for (let round = 0; round < maxRoundsPerTick; round += 1) {
      const batch = await fireDueSchedules(this.database, { now, batchSize: this.config.batchSize, graceMs: this.config.graceMs });
      result.fired.push(...batch.fired);
      result.alreadyFired += batch.alreadyFired;
      result.failed.push(...batch.failed);
      for (const failure of batch.failed) {
        // The tenant sees only `last_error`; the cause (an internal error) is for the operator.
        this.logger.error('Scheduler could not fire a schedule; it was set aside', {
          scheduleId: failure.scheduleId,
          error: failure.error instanceof Error ? failure.error.message : String(failure.error),
        });
      }
      if (batch.fired.length > 0) this.onFired();
      // A short batch means nothing else is due (or the rest is locked by another scheduler).
      if (batch.claimed < this.config.batchSize) return result;
    }
    return result;
  }

  private schedule(): void {
    if (this.state !== 'running') return;
    this.timer = setTimeout(() => {
      this.ticking = this.tick()
        .catch((error: unknown) => this.logger.warn('Scheduler tick failed; retrying', { error: error instanceof Error ? error.message : String(error) }))
        .finally(() => this.schedule());
    }, this.config.tickMs);
    this.timer.unref();
  }
}
