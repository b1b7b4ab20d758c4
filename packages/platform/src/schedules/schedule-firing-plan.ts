import type { CatchUpPolicy, OverlapPolicy } from './schedule.schema';

export interface FiringSituation {
  /** The due slots (the latest `catchUpLimit` of them), oldest first; never empty. */
  dueSlots: readonly Date[];
  /** How many slots were due in all (more than `dueSlots` when the limit cut older ones off). */
  totalDue: number;
  /** The first slot after now: where `nextFireAt` goes once the due slots are dealt with. */
  nextSlot: Date;
  now: Date;
  /** A slot at most this old is on time; older ones were missed (no scheduler ran, or the database was down). */
  graceMs: number;
  overlapPolicy: OverlapPolicy;
  catchUpPolicy: CatchUpPolicy;
  /** Runs of this schedule still queued, running or waiting for a human. */
  activeRuns: number;
}

export interface FiringPlan {
  /** The slots that get a run now, oldest first. */
  fire: Date[];
  /** Cancel the schedule's active runs first (cancel-previous). */
  cancelActive: boolean;
  /** Due slots that will never get a run. */
  skipped: number;
  /** The schedule's next fire time after this tick (a due slot when `queue` holds slots back). */
  nextFireAt: Date;
}

/**
 * What one tick does with a schedule's due slots. Catch-up decides which slots count: `skip` keeps
 * only a slot that is on time (within the grace), `run-once` the latest, `run-all` every one kept.
 * Overlap decides how they meet a run that is still active: `skip` fires nothing while one is
 * active and otherwise the latest kept slot; `cancel-previous` cancels it and fires the latest;
 * `queue` never overlaps and never drops a kept slot: it fires the oldest kept slot once no run is
 * active and leaves the others due (slots held back by a running run are not missed, so the grace
 * does not apply to them).
 */
export function planFiring(situation: FiringSituation): FiringPlan {
  const { dueSlots, totalDue, nextSlot } = situation;
  const latest = dueSlots.at(-1)!;
  if (situation.overlapPolicy === 'queue') {
    const kept = situation.catchUpPolicy === 'run-all' ? [...dueSlots] : [latest];
    const dropped = totalDue - kept.length;
    if (situation.activeRuns > 0) {
      // Wait for the active run, holding the kept slots due; older ones past the limit are dropped now.
      const held = kept[0]!;
      return { fire: [], cancelActive: false, skipped: totalDue - dueSlots.length + dueSlots.indexOf(held), nextFireAt: held };
    }
    return { fire: [kept[0]!], cancelActive: false, skipped: dropped, nextFireAt: kept[1] ?? nextSlot };
  }
  const onTime = situation.now.getTime() - latest.getTime() <= situation.graceMs;
  const kept = situation.catchUpPolicy === 'skip' ? (onTime ? [latest] : []) : [latest];
  if (kept.length === 0 || (situation.overlapPolicy === 'skip' && situation.activeRuns > 0)) {
    return { fire: [], cancelActive: false, skipped: totalDue, nextFireAt: nextSlot };
  }
  return {
    fire: kept,
    cancelActive: situation.overlapPolicy === 'cancel-previous' && situation.activeRuns > 0,
    skipped: totalDue - kept.length,
    nextFireAt: nextSlot,
  };
}
