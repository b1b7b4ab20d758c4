import { isTransientDatabaseError, type Database, type Prisma } from '@agentloom/db';

import { isDomainError } from '../errors/domain-error';
import { cancelRunInTransaction } from '../runs/cancel-run';
import { insertScheduledRun } from './insert-scheduled-run-sql';
import { planFiring } from './schedule-firing-plan';
import type { CatchUpPolicy, OverlapPolicy } from './schedule.schema';
import { dueSlots, nextSlotAfter } from './schedule-slots';
import { maxRunInputLength, renderInputTemplate } from './render-input-template';
import { underScheduleSavepoint } from './schedule-savepoint-sql';
import { timingOf } from './schedule-view';
import { pauseSchedule, setScheduleAside, type ClaimedSchedule } from './set-schedule-aside';

export interface FireDueSchedulesOptions {
  now: Date;
  /** Most schedules claimed per transaction. */
  batchSize: number;
  /** A slot at most this old is on time (see planFiring). */
  graceMs: number;
}

export interface FiredSlot {
  scheduleId: string;
  slot: Date;
  runId: string;
}

export interface FailedSchedule {
  scheduleId: string;
  /** What firing it threw; its writes were undone, it was set aside (`last_error`), the other schedules went on. */
  error: unknown;
}

export interface FireResult {
  /** Schedules claimed and dealt with in this transaction. */
  claimed: number;
  fired: FiredSlot[];
  /** Slots whose run another scheduler had already created (the idempotency fence held). */
  alreadyFired: number;
  failed: FailedSchedule[];
}

/** What firing one schedule did; merged into the tick's result only once its savepoint holds. */
type ScheduleFiring = Pick<FireResult, 'fired' | 'alreadyFired'>;

interface DueScheduleRow {
  id: string;
  tenant_id: string;
  agent_id: string;
  agent_version: number | null;
  name: string;
  kind: string;
  cron_expression: string | null;
  interval_seconds: number | null;
  time_zone: string;
  anchor_at: Date;
  input_template: string;
  overlap_policy: OverlapPolicy;
  catch_up_policy: CatchUpPolicy;
  catch_up_limit: number;
  next_fire_at: Date;
}

const scheduler = 'scheduler';

/**
 * One scheduler tick: in ONE transaction, claims due schedules with FOR UPDATE SKIP LOCKED (another
 * scheduler's transaction skips them), creates the runs their slots call for, cancels previous runs
 * when the overlap policy says so, and advances `next_fire_at`. The claim and the advance commit
 * together, so a slot is fired by exactly one transaction; the slot's idempotency key on the run is
 * the second fence.
 *
 * Each claimed schedule is fired behind its own savepoint: one that throws (a timing cron-parser
 * cannot step, a run the database refuses) has its writes undone and is set aside (`last_error`,
 * advanced past now, or paused when it has no next slot) while the others commit. Before, one such
 * schedule rolled back the whole batch; never advanced, it was claimed first again at every tick
 * and stopped every tenant's schedules. A transient database error (connection lost, deadlock)
 * still fails the whole tick, which the next tick retries with nothing fired twice.
 */
export async function fireDueSchedules(database: Database, options: FireDueSchedulesOptions): Promise<FireResult> {
  return database.prisma.$transaction(async (transaction) => {
    const rows = await transaction.$queryRawUnsafe<DueScheduleRow[]>(
      `SELECT id::text, tenant_id::text, agent_id::text, agent_version, name, kind, cron_expression, interval_seconds, time_zone, anchor_at,
              input_template, overlap_policy, catch_up_policy, catch_up_limit, next_fire_at
         FROM schedules
        WHERE paused_at IS NULL AND next_fire_at <= $1::timestamptz
          -- A queue schedule whose previous run is still active waits; leaving it out keeps it from filling every batch.
          AND NOT (overlap_policy = 'queue' AND EXISTS (
                SELECT 1 FROM runs WHERE runs.schedule_id = schedules.id AND runs.status IN ('queued', 'running', 'waiting_human', 'waiting')))
        ORDER BY next_fire_at
        LIMIT $2
        FOR UPDATE SKIP LOCKED`,
      options.now.toISOString(),
      options.batchSize,
    );
    const result: FireResult = { claimed: rows.length, fired: [], alreadyFired: 0, failed: [] };
    for (const row of rows) {
      const outcome = await underScheduleSavepoint(transaction, () => fireSchedule(transaction, row, options));
      if (outcome.ok) {
        result.fired.push(...outcome.value.fired);
        result.alreadyFired += outcome.value.alreadyFired;
        continue;
      }
      if (isTransientDatabaseError(outcome.error)) throw outcome.error;
      await setScheduleAside(transaction, claimedSchedule(row), options.now);
      result.failed.push({ scheduleId: row.id, error: outcome.error });
    }
    return result;
  });
}

function claimedSchedule(row: DueScheduleRow): ClaimedSchedule {
  const timing = timingOf({
    kind: row.kind,
    cronExpression: row.cron_expression,
    intervalSeconds: row.interval_seconds,
    timeZone: row.time_zone,
    anchorAt: new Date(row.anchor_at),
  });
  return { id: row.id, tenantId: row.tenant_id, timing, nextFireAt: new Date(row.next_fire_at) };
}

async function fireSchedule(transaction: Prisma.TransactionClient, row: DueScheduleRow, options: FireDueSchedulesOptions): Promise<ScheduleFiring> {
  const schedule = claimedSchedule(row);
  const { timing } = schedule;
  const { now } = options;
  const result: ScheduleFiring = { fired: [], alreadyFired: 0 };
  const next = nextSlotAfter(timing, now);
  if (!next.found) {
    await pauseSchedule(transaction, schedule, now, next.reason);
    return result;
  }
  const nextSlot = next.slot;
  const due = dueSlots(timing, schedule.nextFireAt, now, row.catch_up_limit);
  if (due.slots.length === 0) {
    await advance(transaction, row.id, { nextFireAt: nextSlot, skipped: due.total, firedAt: null, slot: null, runId: null, error: undefined });
    return result;
  }
  const active = await transaction.$queryRawUnsafe<{ id: string }[]>(
    `SELECT id::text FROM runs WHERE schedule_id = $1::uuid AND status IN ('queued', 'running', 'waiting_human', 'waiting') ORDER BY queued_at`,
    row.id,
  );
  const plan = planFiring({
    dueSlots: due.slots,
    totalDue: due.total,
    nextSlot,
    now,
    graceMs: options.graceMs,
    overlapPolicy: row.overlap_policy,
    catchUpPolicy: row.catch_up_policy,
    activeRuns: active.length,
  });
  if (plan.cancelActive) {
    for (const run of active) await cancelIfStillActive(transaction, row.tenant_id, run.id);
  }
  let lastRunId: string | null = null;
  let lastSlot: Date | null = null;
  let error: string | null | undefined;
  for (const slot of plan.fire) {
    const input = renderInputTemplate(row.input_template, { slot, timeZone: row.time_zone, scheduleName: row.name });
    if (input.length > maxRunInputLength) {
      // Saving refuses such a template now; one saved before is refused here, slot by slot, like an archived agent.
      error = `Slot ${slot.toISOString()} created no run: its input renders to ${input.length} characters, over the ${maxRunInputLength}-character run input limit`;
      continue;
    }
    const outcome = await insertScheduledRun(transaction, {
      tenantId: row.tenant_id,
      scheduleId: row.id,
      agentId: row.agent_id,
      agentVersion: row.agent_version,
      slot,
      input,
    });
    if (outcome.kind === 'created') {
      result.fired.push({ scheduleId: row.id, slot, runId: outcome.runId });
      lastRunId = outcome.runId;
      lastSlot = slot;
      error = null;
    } else if (outcome.kind === 'already-fired') {
      result.alreadyFired += 1;
    } else {
      error = `Slot ${slot.toISOString()} created no run: ${outcome.reason}`;
    }
  }
  await advance(transaction, row.id, { nextFireAt: plan.nextFireAt, skipped: plan.skipped, firedAt: lastRunId ? now : null, slot: lastSlot, runId: lastRunId, error });
  return result;
}

/** A run that ended since it was read is left alone (its cancel would be a conflict). */
async function cancelIfStillActive(transaction: Prisma.TransactionClient, tenantId: string, runId: string): Promise<void> {
  try {
    await cancelRunInTransaction(transaction, { tenantId, system: scheduler }, runId);
  } catch (error) {
    if (isDomainError(error) && (error.kind === 'conflict' || error.kind === 'not-found')) return;
    throw error;
  }
}

interface Advance {
  nextFireAt: Date;
  skipped: number;
  firedAt: Date | null;
  slot: Date | null;
  runId: string | null;
  /** Undefined leaves the stored error; null clears it. */
  error: string | null | undefined;
}

async function advance(transaction: Prisma.TransactionClient, scheduleId: string, values: Advance): Promise<void> {
  await transaction.$executeRawUnsafe(
    `UPDATE schedules
        SET next_fire_at = $2::timestamptz,
            skipped_count = skipped_count + $3,
            fired_count = fired_count + CASE WHEN $6::uuid IS NULL THEN 0 ELSE 1 END,
            last_fired_at = COALESCE($4::timestamptz, last_fired_at),
            last_slot_at = COALESCE($5::timestamptz, last_slot_at),
            last_run_id = COALESCE($6::uuid, last_run_id),
            last_error = CASE WHEN $7::boolean THEN $8 ELSE last_error END,
            updated_at = now()
      WHERE id = $1::uuid`,
    scheduleId,
    values.nextFireAt.toISOString(),
    values.skipped,
    values.firedAt?.toISOString() ?? null,
    values.slot?.toISOString() ?? null,
    values.runId,
    values.error !== undefined,
    values.error ?? null,
  );
}
