import { preparedStatement, queryRows, type RawSql, type StatementRunner } from '@agentloom/db';

import { finishRunsAndClaimSql, finishRunsSql, type FinishRunInput } from './finish-runs-sql';
import { catalogParameter, claimedRunFromRow, type ClaimedRun, type ClaimedRunRow } from './run-claims';

/** Finishes sent in one statement at most; more wait for the next one. */
export const maxFinishesPerStatement = 64;

const finishStatement = preparedStatement(finishRunsSql);
const finishAndClaimStatement = preparedStatement(finishRunsAndClaimSql);

export async function finishAlone(runner: StatementRunner, input: FinishRunInput): Promise<boolean> {
  return (await finishTogether(runner, [input])).has(input.id);
}

async function finishTogether(runner: StatementRunner, inputs: readonly FinishRunInput[]): Promise<Set<string>> {
  const rows = await queryRows<{ id: string }>(runner, finishStatement, [JSON.stringify(inputs)]);
  return new Set(rows.map((row) => row.id));
}

/**
 * An executor that lets the statement finishing its runs also claim their successors (ADR 0074).
 * `reserve(finishing)` is asked, when a statement is about to be sent with `finishing` of this
 * owner's runs in it, how many slots the statement may fill (undefined: none); the executor counts
 * them as being claimed until that reservation's `land` hands it the runs claimed for them — exactly
 * once, with no runs when the statement failed — before the finishes' promises settle.
 */
export interface SuccessorClaimer {
  owner: string;
  leaseMs: number;
  toolNames?: readonly string[];
  reserve(finishing: number): SlotReservation | undefined;
}

export interface SlotReservation {
  reserved: number;
  land(claimed: ClaimedRun[]): void;
}

interface PendingFinish {
  input: FinishRunInput;
  resolve: (finished: boolean) => void;
  reject: (error: unknown) => void;
}

interface Ride {
  claimer: SuccessorClaimer;
  reservation: SlotReservation;
  landed: boolean;
}

/** One per statement runner: gathers the finishes of one event-loop turn into one statement. */
class FinishBatcher {
  private pending: PendingFinish[] = [];
  private scheduled = false;
  readonly claimers = new Map<string, SuccessorClaimer>();

  constructor(private readonly runner: RawSql) {}

  add(input: FinishRunInput): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.pending.push({ input, resolve, reject });
      if (this.scheduled) return;
      this.scheduled = true;
      setImmediate(() => this.flush());
    });
  }

  private flush(): void {
    this.scheduled = false;
    const all = this.pending;
    this.pending = [];
    // A run asked to finish twice in one turn (a caller's bug) is sent in a statement of its own:
    // one statement updates a row once, and both callers must get a true answer.
    const seen = new Set<string>();
    let batch: PendingFinish[] = [];
    for (const finish of all) {
      if (seen.has(finish.input.id) || batch.length === maxFinishesPerStatement) {
        void this.send(batch);
        batch = [];
        seen.clear();
      }
      seen.add(finish.input.id);
      batch.push(finish);
    }
    if (batch.length > 0) void this.send(batch);
  }

  /**
   * The statement's ride, if any: the first registered owner with runs in it that reserves a slot.
   * One owner per statement, because a claim leases its runs to one owner.
   */
  private rideFor(batch: readonly PendingFinish[]): Ride | undefined {
    if (this.claimers.size === 0) return undefined;
    const finishing = new Map<string, number>();
    for (const { input } of batch) finishing.set(input.owner, (finishing.get(input.owner) ?? 0) + 1);
    for (const [owner, count] of finishing) {
      const claimer = this.claimers.get(owner);
      const reservation = claimer?.reserve(count);
      if (claimer && reservation) return { claimer, reservation, landed: false };
    }
    return undefined;
  }

  /** Never rejects: every finish's own promise carries its outcome. */
  private async send(batch: readonly PendingFinish[]): Promise<void> {
    const inputs = batch.map((finish) => finish.input);
    const ride = this.rideFor(batch);
    try {
      const finished = ride ? await this.finishAndClaim(inputs, ride) : await finishTogether(this.runner, inputs);
      for (const finish of batch) finish.resolve(finished.has(finish.input.id));
    } catch (error) {
      if (ride && !ride.landed) land(ride, []);
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      // Nothing of the failed statement committed: each run is tried again alone.
      await Promise.all(batch.map((finish) => finishAlone(this.runner, finish.input).then(finish.resolve, finish.reject)));
    }
  }

  /** Lands the claimed runs with their executor, then answers which runs were finished. */
  private async finishAndClaim(inputs: readonly FinishRunInput[], ride: Ride): Promise<Set<string>> {
    const { claimer, reservation } = ride;
    const rows = await queryRows<ClaimedRunRow & { kind: 'finished' | 'claimed' }>(this.runner, finishAndClaimStatement, [
      JSON.stringify(inputs),
      claimer.owner,
      reservation.reserved,
      claimer.leaseMs,
      catalogParameter(claimer.toolNames),
    ]);
    land(
      ride,
      rows.filter((row) => row.kind === 'claimed').map(claimedRunFromRow),
    );
    return new Set(rows.filter((row) => row.kind === 'finished').map((row) => row.id));
  }
}

function land(ride: Ride, claimed: ClaimedRun[]): void {
  ride.landed = true;
  ride.reservation.land(claimed);
}

const batchers = new WeakMap<RawSql, FinishBatcher>();

export function batcherFor(runner: RawSql): FinishBatcher {
  let batcher = batchers.get(runner);
  if (!batcher) {
    batcher = new FinishBatcher(runner);
    batchers.set(runner, batcher);
  }
  return batcher;
}

/**
 * Lets statements finishing `claimer.owner`'s runs on `runner` claim their successors (ADR 0074).
 * Returns the function that stops it.
 */
export function rideFinishes(runner: RawSql, claimer: SuccessorClaimer): () => void {
  const { claimers } = batcherFor(runner);
  claimers.set(claimer.owner, claimer);
  return () => {
    if (claimers.get(claimer.owner) === claimer) claimers.delete(claimer.owner);
  };
}
