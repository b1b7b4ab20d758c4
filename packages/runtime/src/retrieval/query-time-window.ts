import * as chrono from 'chrono-node';

/** A half-open span of time [from, to); either end may be open. */
export interface TimeWindow {
  from: Date | null;
  to: Date | null;
}

/** A memory query split into what to match and when it should have happened. */
export interface QueryTime {
  /** The query without its time expression (the words "last week" match nothing useful). */
  text: string;
  /** The span the time expression names; null when the query names no time. */
  window: TimeWindow | null;
  /** The time expression as written ("in March", "the first week of May"). */
  expression: string | null;
  /**
   * "before the migration", "after the offsite": an event rather than a date. The caller resolves
   * the phrase to the date of the memory that names it (a search), then calls `windowAround`.
   */
  anchor: { relation: 'before' | 'after'; phrase: string } | null;
}

const dayMs = 86_400_000;
const ordinals: Record<string, number> = { first: 0, '1st': 0, second: 1, '2nd': 1, third: 2, '3rd': 2, fourth: 3, '4th': 3 };
const monthNames = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/**
 * chrono's casual English, plus one parser it lacks: "the first week of May" (weeks 1–4 of a
 * month, or its last week). The pattern is chrono's extension point, not a date parser of our own.
 */
const parser = chrono.casual.clone();
parser.parsers.push({
  pattern: () => new RegExp(`\\b(?:the\\s+)?(first|1st|second|2nd|third|3rd|fourth|4th|last)\\s+week\\s+of\\s+(${monthNames.join('|')})(?:\\s+(\\d{4}))?\\b`, 'i'),
  extract: (context, match) => {
    const month = monthNames.indexOf(match[2]!.toLowerCase());
    const reference = context.reference.instant;
    const year = match[3] ? Number(match[3]) : yearNotAfter(reference, month);
    const ordinal = match[1]!.toLowerCase();
    const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
    const startDay = ordinal === 'last' ? lastDay - 6 : 1 + 7 * ordinals[ordinal]!;
    const start = new Date(Date.UTC(year, month, startDay));
    const end = new Date(start.getTime() + 6 * dayMs);
    return context.createParsingResult(
      match.index ?? 0,
      match[0],
      { year, month: month + 1, day: startDay },
      { year: end.getUTCFullYear(), month: end.getUTCMonth() + 1, day: end.getUTCDate() },
    );
  },
});

/** A month named without a year means its latest occurrence not after the reference date. */
function yearNotAfter(reference: Date, month: number): number {
  return month > reference.getUTCMonth() ? reference.getUTCFullYear() - 1 : reference.getUTCFullYear();
}

/**
 * Finds the time a memory query talks about, relative to `now` (the query's reference date, so
 * tests and evals can pin it). The span follows the precision of what was said: a day ("May 3",
 * "yesterday", "last Tuesday"), a week ("last week", "two weeks ago", "the first week of May"),
 * a month ("in March", "last month"), a year ("this year"), or an explicit range ("between March 3
 * and March 10"). Dates are read in UTC. Words of the expression are removed from the text to match.
 */
export function parseQueryTime(text: string, now: Date): QueryTime {
  // "now" names the present, not a time something happened in ("from now on I want Spanish").
  const results = parser.parse(text, { instant: now, timezone: 'UTC' }, { forwardDate: false }).filter((result) => !presentOnly.test(result.text));
  const anchor = anchorOf(text, results.length > 0);
  if (results.length === 0) return { text, window: null, expression: null, anchor };
  const spans = results.map((result) => spanOf(result, now));
  const window: TimeWindow = { from: spans[0]!.from, to: spans.at(-1)!.to };
  // "before May 3" / "after March": open the window on one side.
  const relation = relationBefore(text, results[0]!.index);
  if (relation === 'before') window.from = null;
  if (relation === 'after') window.to = null;
  const expression = results.map((result) => result.text).join(' … ');
  // Only the expressions' own words leave the text: what stands between two of them is the question.
  let remaining = text;
  for (const result of [...results].sort((left, right) => right.index - left.index)) {
    remaining = `${remaining.slice(0, result.index)} ${remaining.slice(result.index + result.text.length)}`;
  }
  remaining = remaining.replace(/\s+/g, ' ').trim();
  return { text: remaining === '' ? text : remaining, window, expression, anchor: null };
}

const presentOnly = /^(right\s+)?now$/i;

/** The window before or after an event that happened at `at`. */
export function windowAround(relation: 'before' | 'after', at: Date): TimeWindow {
  return relation === 'before' ? { from: null, to: at } : { from: new Date(at.getTime() + 1), to: null };
}

/** Whether `at` lies in the window. */
export function withinWindow(window: TimeWindow, at: Date): boolean {
  const time = at.getTime();
  return (window.from === null || time >= window.from.getTime()) && (window.to === null || time < window.to.getTime());
}

type ParsedResult = ReturnType<typeof parser.parse>[number];

function spanOf(result: ParsedResult, now: Date): { from: Date; to: Date } {
  const start = result.start;
  // Memories are about the past: a month or day named without a year that lies ahead is last year's.
  const ahead = !start.isCertain('year') && !result.end && start.date().getTime() > now.getTime();
  const year = start.get('year')! - (ahead ? 1 : 0);
  const day = new Date(Date.UTC(year, start.get('month')! - 1, start.get('day')!));
  const end = result.end ? new Date(Date.UTC(result.end.get('year')!, result.end.get('month')! - 1, result.end.get('day')! + 1)) : null;
  if (end) return { from: day, to: end };
  if (/\bweeks?\b/i.test(result.text)) {
    // The calendar week (Monday to Sunday) holding the date chrono resolved.
    const monday = new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * dayMs);
    return { from: monday, to: new Date(monday.getTime() + 7 * dayMs) };
  }
  if (start.isCertain('day') || start.isCertain('weekday')) return { from: day, to: new Date(day.getTime() + dayMs) };
  if (start.isCertain('month')) {
    const month = start.get('month')! - 1;
    return { from: new Date(Date.UTC(year, month, 1)), to: new Date(Date.UTC(year, month + 1, 1)) };
  }
  return { from: new Date(Date.UTC(year, 0, 1)), to: new Date(Date.UTC(year + 1, 0, 1)) };
}

const relationWords: Record<string, 'before' | 'after'> = { before: 'before', until: 'before', prior: 'before', after: 'after', since: 'after' };

/** "before" / "after" (or until / prior to / since) as the word just ahead of the time expression. */
function relationBefore(text: string, index: number): 'before' | 'after' | null {
  const words = text.slice(0, index).trim().toLowerCase().split(/\s+/);
  const last = words.at(-1) === 'to' ? words.at(-2) : words.at(-1);
  return last ? (relationWords[last] ?? null) : null;
}

/** "before the migration": a relation word followed by a phrase chrono did not read as a date. */
function anchorOf(text: string, hasDate: boolean): QueryTime['anchor'] {
  if (hasDate) return null;
  // The phrase ends at the clause's punctuation: "before the migration, which database…".
  for (const clause of text.split(/[?!.,;:]+/)) {
    const words = clause.trim().split(/\s+/);
    const position = words.findIndex((word) => relationWords[word.toLowerCase()] !== undefined);
    if (position < 0) continue;
    const skip = words[position + 1]?.toLowerCase() === 'to' ? 2 : 1;
    const phrase = words.slice(position + skip).join(' ');
    if (phrase !== '') return { relation: relationWords[words[position]!.toLowerCase()]!, phrase };
  }
  return null;
}
