import type { Prisma } from '@agentloom/db';

import { recordAudit } from '../audit/record-audit';
import { dueSlots, nextSlotAfter, type ScheduleTiming } from './schedule-slots';

/** The claimed schedule as the failure paths need it. */
export interface ClaimedSchedule {
  id: string;
  tenantId: string;
  timing: ScheduleTiming;
  /** The stored next fire time: the first due slot. */
  nextFireAt: Date;
}

/**
 * Pauses a schedule whose next slot cannot be computed: it cannot advance, and left due it would be
 * claimed first at every tick. `last_error` says why; resume (or a timing edit) starts it again.
 */
export async function pauseSchedule(transaction: Prisma.TransactionClient, schedule: ClaimedSchedule, now: Date, reason: string): Promise<void> {
  await transaction.$executeRawUnsafe(
    `UPDATE schedules SET paused_at = $2::timestamptz, last_error = $3, updated_at = now() WHERE id = $1::uuid`,
    schedule.id,
    now.toISOString(),
    `Paused by the scheduler: ${reason}`,
  );
  await recordAudit(
    transaction,
    { tenantId: schedule.tenantId, system: 'scheduler' },
    { action: 'schedule.pause', targetType: 'schedule', targetId: schedule.id, after: { reason } },
  );
}

/**
 * After firing a schedule failed and its writes were rolled back to its savepoint: its due slots
 * get no run (counted skipped), `next_fire_at` moves to the first slot after now, and `last_error`
 * says so. Without the advance the schedule would stay due and be claimed first again at every tick.
 * The error itself is internal (it goes to the server log, not to the tenant).
 */
export async function setScheduleAside(transaction: Prisma.TransactionClient, schedule: ClaimedSchedule, now: Date): Promise<void> {
  const next = nextSlotAfter(schedule.timing, now);
  if (!next.found) return pauseSchedule(transaction, schedule, now, next.reason);
  const skipped = dueSlots(schedule.timing, schedule.nextFireAt, now, 1).total;
  await transaction.$executeRawUnsafe(
    `UPDATE schedules SET next_fire_at = $2::timestamptz, skipped_count = skipped_count + $3, last_error = $4, updated_at = now() WHERE id = $1::uuid`,
    schedule.id,
    next.slot.toISOString(),
    skipped,
    `Slots due up to ${now.toISOString()} created no run: firing them failed with an internal error (see the server log)`,
  );
}
