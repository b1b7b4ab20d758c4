import { CronExpressionParser, type CronExpression } from 'cron-parser';

import { firstWallClockSlot } from './wall-clock-search';
import { offsetsBetween, repeatedWallClockEnd } from './zone-offsets';

/** The next slot of a timing, or why there is none: never an exception, never a slot at or before the cursor. */
export type NextSlot = { found: true; slot: Date } | { found: false; reason: string };

/** How far the wall-clock search looks when cron-parser has no answer: a clock change and a daily slot on either side. */
const wallClockSearchMs = 48 * 3_600_000;
/** Repeated stretches passed over at most for one slot (a repeated stretch is passed in one step). */
const maxRepeatsPassed = 4;

/**
 * The first slot of a cron expression strictly after `after`, on the zone's wall clock.
 *
 * cron-parser is asked first, and its slots are kept: where the clock goes back, an expression
 * with fixed hours fires a repeated time once and an every-hour one fires it each time; a time the
 * clock skips fires at the hour it lands on when cron-parser does so. But its stepping assumes
 * whole-hour changes: around Lord Howe's 30-minute change it throws "loop limit exceeded" or goes
 * back before its cursor, around Chatham's 45-minute offsets it goes back too, and across both it
 * can pass over real quarter-hour slots. So its answer is used only when it is later than `after`
 * and no clock change lies in between; otherwise `firstWallClockSlot`, which does not step
 * through local time, finds the slot (or checks that none comes before cron-parser's).
 */
export function nextCronSlotAfter(cronExpression: string, timeZone: string, after: Date): NextSlot {
  try {
    return searchNextCronSlot(cronExpression, timeZone, after);
  } catch (error) {
    // Intl or cron-parser failing on a zone its data lacks: a reason for the caller, not an exception.
    return noSlot(cronExpression, timeZone, after, error instanceof Error ? error.message : String(error));
  }
}

function searchNextCronSlot(cronExpression: string, timeZone: string, after: Date): NextSlot {
  let expression: CronExpression;
  try {
    expression = CronExpressionParser.parse(cronExpression, { tz: timeZone, currentDate: after });
  } catch (error) {
    return noSlot(cronExpression, timeZone, after, error instanceof Error ? error.message : String(error));
  }
  // cron-parser's own rule: a repeated hour fires once unless every hour is in the expression.
  const oncePerWallClockTime = expression.fields.hour.values.length < 24;
  let cursor = after.getTime();
  for (let passed = 0; passed <= maxRepeatsPassed; passed += 1) {
    const candidate = candidateAfter(expression, { cronExpression, timeZone, oncePerWallClockTime }, cursor);
    if (!candidate.found) return noSlot(cronExpression, timeZone, after, candidate.reason);
    const repeatedUntil = oncePerWallClockTime ? repeatedWallClockEnd(timeZone, candidate.slot.getTime()) : undefined;
    if (repeatedUntil === undefined) return candidate;
    // The time already fired before the clock went back: look from the end of the repeated stretch.
    cursor = repeatedUntil - 1;
  }
  return noSlot(cronExpression, timeZone, after, 'the clock goes back over every candidate');
}

interface SlotRules {
  cronExpression: string;
  timeZone: string;
  oncePerWallClockTime: boolean;
}

function candidateAfter(expression: CronExpression, rules: SlotRules, after: number): NextSlot {
  const direct = libraryNextAfter(expression, after);
  if (direct.slot && offsetsBetween(rules.timeZone, after, direct.slot.getTime()).length === 1) return { found: true, slot: direct.slot };
  // A clock change lies ahead: find the first real slot before cron-parser's answer, or when it has none, within the search span.
  const until = direct.slot ? direct.slot.getTime() - 1 : after + wallClockSearchMs;
  const searched = firstWallClockSlot({ ...rules, after, until });
  if (searched.kind === 'slot') return { found: true, slot: searched.slot };
  if (direct.slot) return { found: true, slot: direct.slot };
  if (searched.kind === 'none') {
    // No slot within the span: past it (and past the clock change) cron-parser can be asked again.
    const later = libraryNextAfter(expression, until);
    if (later.slot) return { found: true, slot: later.slot };
  }
  return { found: false, reason: direct.problem ?? 'no slot found' };
}

function libraryNextAfter(expression: CronExpression, after: number): { slot?: Date; problem?: string } {
  try {
    expression.reset(new Date(after));
    const next = expression.next().toDate();
    return next.getTime() > after ? { slot: next } : { problem: `cron-parser went back to ${next.toISOString()}` };
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
}

function noSlot(cronExpression: string, timeZone: string, after: Date, problem: string): NextSlot {
  return { found: false, reason: `no fire time after ${after.toISOString()} could be computed for "${cronExpression}" in ${timeZone} (${problem})` };
}
