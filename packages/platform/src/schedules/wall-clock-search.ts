import { CronExpressionParser, type CronExpression } from 'cron-parser';

import { offsetsBetween, repeatedWallClockEnd } from './zone-offsets';

/** Candidates one search checks at most (it stops at the first slot, so this only bounds a pathological case). */
const maxCandidates = 10_000;

export interface WallClockSearch {
  cronExpression: string;
  timeZone: string;
  /** Exclusive start (ms since the epoch). */
  after: number;
  /** Inclusive end. */
  until: number;
  /** Pass over an instant whose wall-clock time already happened (the clock went back over it). */
  oncePerWallClockTime: boolean;
}

export type WallClockSearchResult = { kind: 'slot'; slot: Date } | { kind: 'none' } | { kind: 'gave-up' };

interface Stream {
  /** The UTC offset (ms) this stream reads wall-clock times with. */
  offset: number;
  /** Its next candidate instant: a wall-clock match minus the offset; undefined when there is none. */
  candidate: number | undefined;
}

/**
 * The first instant in (`after`, `until`] whose wall-clock time in the zone matches the expression,
 * found without stepping through local time. Every instant has one offset, so every slot is a
 * wall-clock match `w` (the expression read in UTC, where no clock changes) at `w - offset` for one
 * of the offsets the zone uses in the span. The candidates of every offset are merged in time order;
 * the first whose own wall clock matches the expression is the slot. A candidate read with an offset
 * that is not its own (a time the clock skipped, or the wrong side of a change) fails that check, so
 * no skipped time fires and no real one is passed over.
 */
export function firstWallClockSlot(search: WallClockSearch): WallClockSearchResult {
  const wallClock = CronExpressionParser.parse(search.cronExpression, { tz: 'UTC' });
  const zoned = CronExpressionParser.parse(search.cronExpression, { tz: search.timeZone });
  const candidateAfter = (offset: number, instant: number): number | undefined => {
    const wall = utcMatchAfter(wallClock, instant + offset);
    return wall === undefined ? undefined : wall - offset;
  };
  const streams: Stream[] = offsetsBetween(search.timeZone, search.after, search.until).map((offset) => ({
    offset,
    candidate: candidateAfter(offset, search.after),
  }));
  for (let checked = 0; checked < maxCandidates; checked += 1) {
    const stream = earliest(streams);
    if (stream?.candidate === undefined || stream.candidate > search.until) return { kind: 'none' };
    const instant = stream.candidate;
    if (zoned.includesDate(new Date(instant)) && !(search.oncePerWallClockTime && repeatedWallClockEnd(search.timeZone, instant) !== undefined)) {
      return { kind: 'slot', slot: new Date(instant) };
    }
    stream.candidate = candidateAfter(stream.offset, instant);
  }
  return { kind: 'gave-up' };
}

function earliest(streams: Stream[]): Stream | undefined {
  let best: Stream | undefined;
  for (const stream of streams) {
    if (stream.candidate !== undefined && (best?.candidate === undefined || stream.candidate < best.candidate)) best = stream;
  }
  return best;
}

/** The first match strictly after `wall` of the expression read in UTC; undefined when cron-parser has none. */
function utcMatchAfter(expression: CronExpression, wall: number): number | undefined {
  try {
    expression.reset(new Date(wall));
    const next = expression.next().getTime();
    return next > wall ? next : undefined;
  } catch {
    return undefined;
  }
}
