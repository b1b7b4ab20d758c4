import { CronExpressionParser } from 'cron-parser';

/** When a schedule fires: a cron expression read in an IANA time zone, or a fixed interval from an anchor. */
export type ScheduleTiming =
  | { kind: 'cron'; cronExpression: string; timeZone: string }
  | { kind: 'interval'; intervalSeconds: number; anchorAt: Date };

/** The most slots one tick walks through (a schedule down for longer only looks at the latest ones). */
export const maxSlotsWalked = 10_000;

/** True when the runtime knows the IANA zone (`Europe/Paris`, `UTC`); offsets and abbreviations are refused. */
export function isKnownTimeZone(timeZone: string): boolean {
  if (!/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)*$/.test(timeZone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The parser's reason a cron expression is invalid, or undefined when it parses. Five or six fields (seconds first). */
export function cronExpressionProblem(cronExpression: string): string | undefined {
  const fields = cronExpression.trim().split(/\s+/);
  if (!cronExpression.trim().startsWith('@') && (fields.length < 5 || fields.length > 6)) return 'needs 5 fields (minute hour day month weekday) or 6 (seconds first)';
  try {
    CronExpressionParser.parse(cronExpression, { tz: 'UTC', strict: false });
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** The first slot strictly after `after`. */
export function nextSlotAfter(timing: ScheduleTiming, after: Date): Date {
  if (timing.kind === 'interval') {
    const step = timing.intervalSeconds * 1000;
    const elapsed = after.getTime() - timing.anchorAt.getTime();
    const steps = elapsed < 0 ? 0 : Math.floor(elapsed / step) + 1;
    return new Date(timing.anchorAt.getTime() + steps * step);
  }
  const expression = CronExpressionParser.parse(timing.cronExpression, { tz: timing.timeZone, currentDate: after });
  return expression.next().toDate();
}

/** The next `count` slots strictly after `after` (the next-fire preview). */
export function upcomingSlots(timing: ScheduleTiming, after: Date, count: number): Date[] {
  const slots: Date[] = [];
  let cursor = after;
  for (let index = 0; index < count; index += 1) {
    cursor = nextSlotAfter(timing, cursor);
    slots.push(cursor);
  }
  return slots;
}

/**
 * The slots due at `now`: every slot from `firstDue` (the stored next fire time, itself a slot) up to
 * and including `now`. Returns the latest `keep` of them, oldest first, and how many there were
 * (counted up to `maxSlotsWalked`), walking back from `now` so a schedule stopped for a year costs a
 * bounded loop.
 */
export function dueSlots(timing: ScheduleTiming, firstDue: Date, now: Date, keep: number): { slots: Date[]; total: number } {
  if (firstDue.getTime() > now.getTime()) return { slots: [], total: 0 };
  const latest = latestSlots(timing, now, keep).filter((slot) => slot.getTime() >= firstDue.getTime());
  return { slots: latest, total: countSlots(timing, firstDue, now) };
}

function latestSlots(timing: ScheduleTiming, now: Date, keep: number): Date[] {
  const slots: Date[] = [];
  if (timing.kind === 'interval') {
    const step = timing.intervalSeconds * 1000;
    const elapsed = now.getTime() - timing.anchorAt.getTime();
    if (elapsed < 0) return [];
    const last = Math.floor(elapsed / step);
    for (let index = last; index >= 0 && slots.length < keep; index -= 1) slots.unshift(new Date(timing.anchorAt.getTime() + index * step));
    return slots;
  }
  // prev() returns slots strictly before currentDate: start one millisecond after now to include it.
  const expression = CronExpressionParser.parse(timing.cronExpression, { tz: timing.timeZone, currentDate: new Date(now.getTime() + 1) });
  while (slots.length < keep && expression.hasPrev()) slots.unshift(expression.prev().toDate());
  return slots;
}

function countSlots(timing: ScheduleTiming, firstDue: Date, now: Date): number {
  if (timing.kind === 'interval') {
    const step = timing.intervalSeconds * 1000;
    return Math.min(maxSlotsWalked, Math.floor((now.getTime() - firstDue.getTime()) / step) + 1);
  }
  let total = 0;
  let cursor = firstDue;
  while (cursor.getTime() <= now.getTime() && total < maxSlotsWalked) {
    total += 1;
    cursor = nextSlotAfter(timing, cursor);
  }
  return total;
}
