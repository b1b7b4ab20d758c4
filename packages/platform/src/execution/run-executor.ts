import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';

import type { Database } from '@agentloom/db';
import { HostStoppingError } from '@agentloom/runtime';

import { runCancelChannel, runQueuedChannel } from '../events/run-event';
import type { Logger } from '../logging/logger';
import { expireApprovals } from '../approvals/expire-approvals';
import { resumeDueBudgetPauses } from '../budgets/resume-due-budget-pauses';
import { LeaseLostError } from './lease-lost-error';
import { recoverExpiredLeases, type RecoveredRun } from './recover-expired-leases';
import { renewLeases } from './renew-leases';
import { claimRuns, releaseRun, type ClaimedRun } from './run-claims';
import { rideFinishes } from './finish-batcher';
import type { RunProcessor } from './run-processor';
import { ClaimSchedule } from './claim-schedule';

export interface RunExecutorConfig {
  /** Unique per executor process; recorded as lease owner. */
  owner?: string;
  concurrency: number;
  leaseMs: number;
  heartbeatMs: number;
  /** Fallback polling when no notification arrives (notifications are hints, not guarantees). */
  pollMs: number;
  /**
   * Claims in flight at once (ADR 0066). With one, slots freed during a claim waited for it to land
   * before the next claim could fill them, so one executor dispatched at the rate of its claim round
   * trips. Each claim asks for the slots free when it starts and not already asked for by another.
   */
  claimsInFlight: number;
  recoveryIntervalMs: number;
  /**
   * Statements that finish this executor's runs also claim their successors (ADR 0074), so a freed
   * slot is filled in the finish's round trip. false: slots are filled by the claim loop only (before
   * ADR 0074; kept for the dispatch bench's side-by-side figures).
   */
  claimOnFinish: boolean;
  /**
   * How long a tool call aborted by a cancel (or lost lease, or drain) may take to stop before it
   * is abandoned and its ledger row closed `failed` / `abandoned` (a drain's call is left `running`
   * instead, as a crash leaves it: ADR 0108). Read by the run processor.
   */
  toolAbortGraceMs: number;
  /**
   * How long `stop()` lets held runs finish their current step (ADR 0108). Runs still held then are
   * aborted as the host stopping, not cancelled: nothing of the step is committed and each is given
   * back to the queue, its attempt kept, to resume from its checkpoint. Keep it under the supervisor's
   * grace period (Kubernetes' terminationGracePeriodSeconds) with room for that release and the exit.
   */
  drainTimeoutMs: number;
  /** The platform tools this executor's processor can resolve; it claims only runs needing no other. Undefined: any run. */
  toolNames?: readonly string[];
}

/** How long, past the tool-abort grace, a stopping executor waits for aborted runs to settle before it returns anyway. */
const unsettledMarginMs = 5_000;

export const defaultExecutorConfig: RunExecutorConfig = {
  concurrency: 4,
  leaseMs: 30_000,
  heartbeatMs: 5_000,
  pollMs: 1_000,
  claimsInFlight: 2,
  recoveryIntervalMs: 5_000,
  claimOnFinish: true,
  toolAbortGraceMs: 5_000,
  drainTimeoutMs: 10_000,
};

interface HeldRun {
  run: ClaimedRun;
  abort: AbortController;
  drain: AbortController;
  done: Promise<void>;
}

export interface RunExecutorObserver {
  runClaimed?(run: ClaimedRun): void;
  runsRecovered?(runs: RecoveredRun[]): void;
  runSettled?(run: ClaimedRun, error: unknown): void;
  /** Background maintenance started on every recovery tick (episode summaries, retention); must not throw. */
  sweep?(): Promise<void>;
}

/** Work that runs alongside run execution in the same process, started and stopped with it (webhook delivery). */
export interface ExecutorCompanion {
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Claims queued runs and processes them, up to `concurrency` at once. Coordinated only through
 * Postgres: row claims with SKIP LOCKED, leases renewed by heartbeat, LISTEN/NOTIFY wake-ups with
 * polling as fallback, and recovery of runs whose executor died.
 */
export class RunExecutor {
  readonly owner: string;
  private readonly config: RunExecutorConfig;
  private readonly schedule: ClaimSchedule;
  private readonly held = new Map<string, HeldRun>();
  /** Claims in flight, and the slots they asked for: held runs + these never exceed `concurrency`. */
  private claimsInFlight = 0;
  private slotsClaiming = 0;
  /** The same claims, for stop() to wait on. */
  private readonly claimsLanding = new Set<Promise<void>>();
  private state: 'idle' | 'running' | 'draining' | 'stopped' = 'idle';
  private loop: Promise<void> | undefined;
  private timers: NodeJS.Timeout[] = [];
  private releases: (() => Promise<void>)[] = [];
  private heartbeatInFlight = false;

  constructor(
    private readonly database: Database,
    private readonly processor: RunProcessor,
    private readonly logger: Logger,
    config: Partial<RunExecutorConfig> = {},
    private readonly observer: RunExecutorObserver = {},
    private readonly companions: readonly ExecutorCompanion[] = [],
  ) {
    this.config = { ...defaultExecutorConfig, ...config };
    this.schedule = new ClaimSchedule(this.config.pollMs);
    this.owner = this.config.owner ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  }

  get activeRuns(): number {
    return this.held.size;
  }

  get concurrency(): number {
    return this.config.concurrency;
  }

  async start(): Promise<void> {
    if (this.state !== 'idle') return;
    this.state = 'running';
    const { notifications } = this.database;
    this.releases.push(await notifications.listen(runQueuedChannel, { onNotification: () => this.wake(), onReconnected: () => this.wake() }));
    this.releases.push(await notifications.listen(runCancelChannel, { onNotification: (runId) => this.cancelHeld(runId) }));
    if (this.config.claimOnFinish) {
      const stopRiding = this.rideFinishes();
      this.releases.push(() => Promise.resolve(stopRiding()));
    }
    await this.recover();
    this.timers.push(setInterval(() => void this.heartbeat(), this.config.heartbeatMs));
    this.timers.push(setInterval(() => void this.recover(), this.config.recoveryIntervalMs));
    for (const timer of this.timers) timer.unref();
    this.loop = this.claimLoop();
    for (const companion of this.companions) await companion.start();
  }

  /** Claims promptly instead of at the next poll (the creating process calls this after a commit). */
  wake(): void {
    this.schedule.request();
  }

  /**
   * Graceful stop: no more claims; in-flight runs finish their current step and persist it; after
   * `drainMs` (the `drainTimeoutMs` setting unless given) the rest are aborted with `HostStoppingError`,
   * which the engine never takes for a cancel (ADR 0108). Runs still held are given back to the queue.
   */
  async stop(drainMs = this.config.drainTimeoutMs): Promise<void> {
    if (this.state === 'idle' || this.state === 'stopped') return;
    this.state = 'draining';
    this.schedule.stop();
    // The loop ends once the claims in flight have landed, so the runs they took are drained too.
    await this.loop;
    for (const held of this.held.values()) held.drain.abort(new Error('Executor draining'));
    const all = Promise.all([...this.held.values()].map((held) => held.done));
    const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), drainMs).unref());
    if ((await Promise.race([all, timeout])) === 'timeout') {
      const late = [...this.held.values()];
      this.logger.warn(`Drain time (${drainMs} ms) ran out; giving back ${late.length} run(s) still held, each to resume from its last checkpoint`, {
        runs: late.map((held) => held.run.id),
      });
      // Not a cancel: the step in flight is not committed, and a tool call it caught stays as a crash leaves it.
      for (const held of late) held.abort.abort(new HostStoppingError(`Executor ${this.owner} stopped; its drain time (${drainMs} ms) ran out`));
      // Bounded too: a statement the database never answers does not end on an abort, and a stop that
      // waited for it would never return. What has not settled by then is left to its lease's expiry.
      const settleMs = this.config.toolAbortGraceMs + unsettledMarginMs;
      const settled = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), settleMs).unref());
      if ((await Promise.race([all, settled])) === 'timeout') {
        this.logger.warn(`${this.held.size} run(s) did not settle ${settleMs} ms after the drain ran out; left to lease expiry, another executor recovers them`, {
          runs: [...this.held.values()].map((held) => held.run.id),
        });
      }
    }
    // After the runs: their last events may still have queued webhook deliveries worth sending.
    for (const companion of this.companions) await companion.stop();
    for (const timer of this.timers) clearInterval(timer);
    for (const release of this.releases) await release().catch(() => undefined);
    this.state = 'stopped';
  }

  /**
   * Aborts a held run on its cancel notification (the heartbeat and the fenced checks before each
   * model and tool call catch a missed one). Runs inside the notification client's event handler:
   * whatever an abort listener throws is logged here, never allowed to reach the process.
   */
  private cancelHeld(runId: string): void {
    try {
      this.held.get(runId)?.abort.abort(new Error('Run cancelled'));
    } catch (error) {
      this.logger.error(`Aborting cancelled run ${runId} threw; it ends at its next fenced check`, { error: describe(error) });
    }
  }

  private async claimLoop(): Promise<void> {
    while (this.state === 'running') {
      // The loop's promise is only awaited by stop(): nothing may reject it, or the process dies.
      try {
        const free = this.config.concurrency - this.held.size - this.slotsClaiming;
        // A claim is not awaited here: while it is in flight, runs that settle free slots another
        // claim can fill at once (ADR 0066). Each claim asks only for slots nobody has asked for yet,
        // and for at most its share of them (ADR 0069): a claim of every slot would leave the other
        // claim nothing to ask for, and the runs would go through claim and finish in one lockstep group.
        if (free > 0 && this.claimsInFlight < this.config.claimsInFlight && this.schedule.take()) {
          const limit = Math.min(free, Math.ceil(this.config.concurrency / this.config.claimsInFlight));
          const landing: Promise<void> = this.claim(limit).finally(() => this.claimsLanding.delete(landing));
          this.claimsLanding.add(landing);
          continue;
        }
        // Until work may be waiting (NOTIFY, a settled run, a full claim, the poll) or a claim landed.
        await this.schedule.next();
      } catch (error) {
        this.logger.error('Claim loop error; continuing', { error: describe(error) });
        await this.schedule.next();
      }
    }
    await Promise.all(this.claimsLanding);
  }

  /** One claim of up to `limit` runs; never rejects. */
  private async claim(limit: number): Promise<void> {
    this.claimsInFlight += 1;
    this.slotsClaiming += limit;
    let claimed: ClaimedRun[] = [];
    try {
      claimed = await claimRuns(this.database.statements, this.owner, limit, this.config.leaseMs, this.config.toolNames);
    } catch (error) {
      // Retried at the next request: the poll, or sooner when work is announced.
      this.logger.warn('Claiming runs failed; retrying', { error: describe(error) });
    }
    // Slots move from "claiming" to "held" in one synchronous step, so the two never overcount; and
    // before the nudge below, so the loop it resumes sees this claim landed.
    this.claimsInFlight -= 1;
    this.slotsClaiming -= limit;
    for (const run of claimed) this.hold(run);
    // A full claim may have left runs queued: claim again when a slot is free. A short one drained
    // the queue as of its start; only a new request (a NOTIFY, a settled run) starts the next.
    if (claimed.length === limit) this.schedule.request();
    else this.schedule.nudge();
  }

  /**
   * Lets the statement that finishes this executor's runs claim their successors (ADR 0074): the
   * freed slots are filled in the same round trip instead of waiting for a claim after it. The
   * slots a finishing statement may fill are counted as being claimed from when it is sent until it
   * lands, like a claim's, so held runs + claims never exceed `concurrency` once the finished runs
   * have left. Such a claim never runs the guard function: with a cap, open batch or due wait it
   * claims nothing and the claim loop (nudged on landing) fills the slots.
   */
  private rideFinishes(): () => void {
    return rideFinishes(this.database.statements, {
      owner: this.owner,
      leaseMs: this.config.leaseMs,
      ...(this.config.toolNames ? { toolNames: this.config.toolNames } : {}),
      reserve: (finishing) => {
        if (this.state !== 'running') return undefined;
        // The finishing runs are still held: the slots free once they leave.
        const free = this.config.concurrency - (this.held.size - finishing) - this.slotsClaiming;
        const reserved = Math.min(finishing, free);
        if (reserved <= 0) return undefined;
        this.slotsClaiming += reserved;
        let landed!: () => void;
        const landing = new Promise<void>((resolve) => (landed = resolve));
        this.claimsLanding.add(landing);
        return {
          reserved,
          land: (claimed) => {
            this.slotsClaiming -= reserved;
            for (const run of claimed) this.hold(run);
            this.claimsLanding.delete(landing);
            landed();
            if (claimed.length === reserved) this.schedule.request();
            else this.schedule.nudge();
          },
        };
      },
    });
  }

  private hold(run: ClaimedRun): void {
    // Our lease on an earlier attempt expired (e.g. heartbeats failed) and we re-claimed the run:
    // the stale processing can no longer commit (fenced by attempt); stop it now.
    this.held.get(run.id)?.abort.abort(new LeaseLostError(run.id));
    const abort = new AbortController();
    const drain = new AbortController();
    // Every failure of the processing — a synchronous throw included — lands in the chain below.
    const done = Promise.resolve()
      .then(() => {
        this.observer.runClaimed?.(run);
        return this.processor.process(run, this.owner, { abort: abort.signal, drain: drain.signal });
      })
      .then(
        () => this.observer.runSettled?.(run, undefined),
        (error: unknown) => {
          this.observer.runSettled?.(run, error);
          this.logger.error(`Run ${run.id} failed in the executor`, { error: describe(error) });
        },
      )
      // Only the attempt still held: a stale attempt's processing settling during a drain must not
      // give back the re-claimed attempt this executor is still processing (releaseRun is fenced by attempt too).
      .then(() => (this.state === 'draining' && this.held.get(run.id) === entry ? releaseRun(this.database.prisma, this.owner, run) : undefined))
      .catch((error: unknown) => this.logger.warn(`Releasing run ${run.id} failed; its lease will expire`, { error: describe(error) }))
      .finally(() => {
        // Only our own entry: a re-claimed attempt may have replaced it.
        if (this.held.get(run.id) === entry) this.held.delete(run.id);
        this.wake();
      });
    const entry: HeldRun = { run, abort, drain, done };
    this.held.set(run.id, entry);
  }

  private async heartbeat(): Promise<void> {
    const ids = [...this.held.keys()];
    // One renewal at a time: when the database is slow, overlapping renewals only pile up locks.
    if (ids.length === 0 || this.heartbeatInFlight) return;
    this.heartbeatInFlight = true;
    try {
      const renewal = await renewLeases(this.database.statements, this.owner, ids, this.config.leaseMs);
      for (const id of ids) {
        const held = this.held.get(id);
        if (!held) continue;
        if (!renewal.held.has(id)) held.abort.abort(new LeaseLostError(id));
        else if (renewal.cancelRequested.has(id)) held.abort.abort(new Error('Run cancelled'));
      }
    } catch (error) {
      this.logger.warn('Heartbeat failed; leases may expire if this persists', { error: describe(error) });
    } finally {
      this.heartbeatInFlight = false;
    }
  }

  private async recover(): Promise<void> {
    // Not awaited: a slow sweep (a model call) must not delay lease recovery. Never unhandled.
    void Promise.resolve()
      .then(() => this.observer.sweep?.())
      .catch((error: unknown) => this.logger.warn('Background sweep failed', { error: describe(error) }));
    try {
      await expireApprovals(this.database.prisma);
      const recovered = await recoverExpiredLeases(this.database.prisma);
      if (recovered.length > 0) {
        this.logger.info(`Recovered ${recovered.length} run(s) whose executor stopped`, {
          runs: recovered.map((run) => ({ id: run.runId, outcome: run.outcome, attempt: run.attempt, expiredForMs: Math.round(run.expiredForMs) })),
        });
        this.observer.runsRecovered?.(recovered);
        this.wake();
      }
    } catch (error) {
      this.logger.warn('Lease recovery failed; will retry', { error: describe(error) });
    }
    await this.resumeBudgetPauses();
  }

  /**
   * Budget pauses whose daily or monthly window ended resume here once every budget has room (ADR 0063).
   * Its own try: a failed sweep must not skip lease recovery on the same tick, nor the reverse.
   */
  private async resumeBudgetPauses(): Promise<void> {
    try {
      const { resumed } = await resumeDueBudgetPauses(this.database.prisma);
      if (resumed.length === 0) return;
      this.logger.info(`Resumed ${resumed.length} run(s) paused by a budget whose window rolled over`, { runs: resumed });
      this.wake();
    } catch (error) {
      this.logger.warn('Resuming budget pauses failed; will retry', { error: describe(error) });
    }
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
