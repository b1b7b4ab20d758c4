import { CronExpressionParser } from 'cron-parser';

import { nextCronSlotAfter, type NextSlot } from './cron-next-slot';

export type { NextSlot } from './cron-next-slot';

/** When a schedule fires: a cron expression read in an IANA time zone, or a fixed interval from an anchor. */
export type ScheduleTiming = { kind: 'cron'; cronExpression: string; timeZone: string } | { kind: 'interval'; intervalSeconds: number; anchorAt: Date };

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
  if (!cronExpression.trim().startsWith('@') && (fields.length < 5 || fields.length > 6))
    return 'needs 5 fields (minute hour day month weekday) or 6 (seconds first)';
  try {
    CronExpressionParser.parse(cronExpression, { tz: 'UTC', strict: false });
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/**
 * The first slot strictly after `after`, or why none could be computed. Never throws and never
 * answers a slot at or before `after`, whatever the time zone does (see `nextCronSlotAfter`): a
 * caller walking slots always moves forward, and one schedule's timing cannot fail a whole tick.
 */
export function nextSlotAfter(timing: ScheduleTiming, after: Date): NextSlot {
  if (timing.kind === 'interval') {
    const step = timing.intervalSeconds * 1000;
    const elapsed = after.getTime() - timing.anchorAt.getTime();
    const steps = elapsed < 0 ? 0 : Math.floor(elapsed / step) + 1;
    return { found: true, slot: new Date(timing.anchorAt.getTime() + steps * step) };
  }
  return nextCronSlotAfter(timing.cronExpression, timing.timeZone, after);
}

/** The next `count` slots strictly after `after` (the next-fire preview); fewer when no further slot can be computed. */
export function upcomingSlots(timing: ScheduleTiming, after: Date, count: number): Date[] {
  const slots: Date[] = [];
  let cursor = after;
  for (let index = 0; index < count; index += 1) {
    const next = nextSlotAfter(timing, cursor);
    if (!next.found) break;
    cursor = next.slot;
    slots.push(cursor);
  }
  return slots;
}

/**
 * The slots due at `now`: every slot from `firstDue` (the stored next fire time, itself a slot) up to
 * and including `now`. Returns the latest `keep` of them, oldest first, and how many there were
 * (counted up to `maxSlotsWalked`), so a schedule stopped for a year costs a bounded loop.
 */
export function dueSlots(timing: ScheduleTiming, firstDue: Date, now: Date, keep: number): { slots: Date[]; total: number } {
  if (firstDue.getTime() > now.getTime()) return { slots: [], total: 0 };
  if (timing.kind === 'interval') return dueIntervalSlots(timing, firstDue, now, keep);
  const walked = walkForward(timing, firstDue, now, keep);
  if (walked.reachedNow) return { slots: walked.slots, total: walked.total };
  return { slots: walkForward(timing, reentryAfter(timing, now, keep), now, keep).slots, total: maxSlotsWalked };
}

function dueIntervalSlots(timing: Extract<ScheduleTiming, { kind: 'interval' }>, firstDue: Date, now: Date, keep: number): { slots: Date[]; total: number } {
  const step = timing.intervalSeconds * 1000;
  const last = Math.floor((now.getTime() - timing.anchorAt.getTime()) / step);
  const slots: Date[] = [];
  for (let index = last; index >= 0 && slots.length < keep; index -= 1) {
    const slot = new Date(timing.anchorAt.getTime() + index * step);
    if (slot.getTime() < firstDue.getTime()) break;
    slots.unshift(slot);
  }
  return { slots, total: Math.min(maxSlotsWalked, Math.floor((now.getTime() - firstDue.getTime()) / step) + 1) };
}

/**
 * Cron slots come only from `next()`, the way the preview and on-time ticking find them: `prev()`
 * disagrees across an autumn clock change (it yields both 02:30 CEST and 02:30 CET for `30 2 * * *`),
 * so walking back would fire a daily job twice that night at a slot the preview never showed.
 */
function walkForward(timing: ScheduleTiming, from: Date, now: Date, keep: number): { slots: Date[]; total: number; reachedNow: boolean } {
  const slots: Date[] = [];
  let total = 0;
  let cursor = from;
  while (cursor.getTime() <= now.getTime()) {
    if (total === maxSlotsWalked) return { slots, total, reachedNow: false };
    total += 1;
    slots.push(cursor);
    if (slots.length > keep) slots.shift();
    const next = nextSlotAfter(timing, cursor);
    // No later slot can be computed: none is due after this one (the caller finds no next slot either).
    if (!next.found) return { slots, total, reachedNow: true };
    cursor = next.slot;
  }
  return { slots, total, reachedNow: true };
}

/**
 * Where to pick the forward walk up again when more than `maxSlotsWalked` slots were due: just after
 * a slot found by stepping back `2 * keep + 1` times with `prev()`. `prev()` only finds that point;
 * it may count a repeated wall-clock time twice, but at most every other step is such a repeat, so
 * the `next()` walk from there still passes at least `keep` slots.
 */
function reentryAfter(timing: Extract<ScheduleTiming, { kind: 'cron' }>, now: Date, keep: number): Date {
  let back: Date | undefined;
  try {
    // prev() returns slots strictly before currentDate: start one millisecond after now to include it.
    const expression = CronExpressionParser.parse(timing.cronExpression, { tz: timing.timeZone, currentDate: new Date(now.getTime() + 1) });
    for (let step = 0; step <= 2 * keep && expression.hasPrev(); step += 1) {
      const previous = expression.prev().toDate();
      // prev() has the same trouble with sub-hour clock changes as next(): stop where it stops going back.
      if (back && previous.getTime() >= back.getTime()) break;
      back = previous;
    }
  } catch {
    // Walk back no further: the forward walk from the last good point still ends at now.
  }
  const next = nextSlotAfter(timing, back ?? now);
  // Nothing to walk: a start past now makes the walk find no due slot.
  return next.found ? next.slot : new Date(now.getTime() + 1);
}
