const minute = 60_000;
const hour = 60 * minute;

/** Offsets are sampled this often over a span; every offset a zone uses lasts far longer (weeks). */
const offsetSampleMs = 6 * hour;
/** At most this many samples per span (a yearly expression's span is years; its offsets are still few). */
const maxOffsetSamples = 2_000;
/** The longest clock change any zone makes (Antarctica/Troll: two hours), with room to spare. */
const maxClockChangeMs = 3 * hour;

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** The zone's UTC offset at `instant`, in milliseconds (Intl's tz data, as cron-parser's Luxon uses). */
export function offsetAt(timeZone: string, instant: number): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    // One formatter per zone: zones are validated IANA names, so the cache is bounded by the tz database.
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetFormats.set(timeZone, format);
  }
  const name = format.formatToParts(instant).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /^GMT([+-])(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(name);
  if (!match) return 0;
  const [, sign, hours, minutes, seconds] = match;
  return (sign === '-' ? -1 : 1) * ((Number(hours) * 60 + Number(minutes)) * 60 + Number(seconds ?? 0)) * 1000;
}

/** The distinct offsets the zone uses from `from` to `to` (both included). One offset: no clock change in between. */
export function offsetsBetween(timeZone: string, from: number, to: number): number[] {
  const step = Math.max(offsetSampleMs, Math.ceil((to - from) / maxOffsetSamples));
  const offsets = new Set<number>([offsetAt(timeZone, from), offsetAt(timeZone, to)]);
  for (let instant = from + step; instant < to; instant += step) offsets.add(offsetAt(timeZone, instant));
  return [...offsets];
}

/**
 * When `instant`'s wall-clock time already happened earlier (the clock went back over it), the end
 * of that repeated stretch: the first instant whose wall-clock time is new again. Otherwise undefined.
 */
export function repeatedWallClockEnd(timeZone: string, instant: number): number | undefined {
  const own = offsetAt(timeZone, instant);
  // A clock that went back had a larger offset before; without one in reach nothing repeats.
  if (offsetAt(timeZone, instant - maxClockChangeMs) <= own) return undefined;
  for (let back = 15 * minute; back <= maxClockChangeMs; back += 15 * minute) {
    const earlier = offsetAt(timeZone, instant - back);
    if (earlier <= own) continue;
    const shift = earlier - own;
    // Repeated when the same wall-clock time, read with the earlier offset, is a real instant too.
    if (offsetAt(timeZone, instant - shift) !== earlier) return undefined;
    return changeInstant(timeZone, instant - shift, instant) + shift;
  }
  return undefined;
}

/** The first instant in (`before`, `after`] with `after`'s offset, to the second (one clock change lies between). */
function changeInstant(timeZone: string, before: number, after: number): number {
  const target = offsetAt(timeZone, after);
  let low = before;
  let high = after;
  while (high - low > 1000) {
    const middle = low + Math.floor((high - low) / 2000) * 1000;
    if (offsetAt(timeZone, middle) === target) high = middle;
    else low = middle;
  }
  return high;
}
