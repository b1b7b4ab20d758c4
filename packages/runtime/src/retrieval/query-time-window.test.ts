import { describe, expect, it } from 'vitest';

import { parseQueryTime, windowAround, withinWindow } from './query-time-window';

// Monday 15 June 2026, noon UTC.
const now = new Date('2026-06-15T12:00:00Z');
const iso = (date: Date | null | undefined) => date?.toISOString().slice(0, 10) ?? null;
const windowOf = (text: string) => {
  const { window } = parseQueryTime(text, now);
  return window ? [iso(window.from), iso(window.to)] : null;
};

describe('parseQueryTime', () => {
  it('reads a month without a year as its latest occurrence up to now', () => {
    expect(windowOf('what did we decide in March?')).toEqual(['2026-03-01', '2026-04-01']);
    expect(windowOf('what did we decide in September?')).toEqual(['2025-09-01', '2025-10-01']);
  });

  it('reads "the first week of May" and "the last week of May" as seven days', () => {
    expect(windowOf('what did we decide in the first week of May?')).toEqual(['2026-05-01', '2026-05-08']);
    expect(windowOf('the last week of May')).toEqual(['2026-05-25', '2026-06-01']);
  });

  it('reads relative weeks as calendar weeks, days as days, months as months', () => {
    expect(windowOf('what changed last week')).toEqual(['2026-06-08', '2026-06-15']);
    expect(windowOf('two weeks ago')).toEqual(['2026-06-01', '2026-06-08']);
    expect(windowOf('yesterday')).toEqual(['2026-06-14', '2026-06-15']);
    expect(windowOf('on May 3rd')).toEqual(['2026-05-03', '2026-05-04']);
    expect(windowOf('the budget last month')).toEqual(['2026-05-01', '2026-06-01']);
    expect(windowOf('between March 3 and March 10')).toEqual(['2026-03-03', '2026-03-11']);
  });

  it('opens the window on one side for "before" and "after" a date', () => {
    expect(windowOf('what did we use before May 3')).toEqual([null, '2026-05-04']);
    expect(windowOf('anything since March')).toEqual(['2026-03-01', null]);
  });

  it('removes the time expression from the text to match, and keeps text without one', () => {
    expect(parseQueryTime('what did we decide about the cache in March?', now)).toMatchObject({ text: 'what did we decide about the cache in ?', expression: 'March' });
    expect(parseQueryTime('which database do we use', now)).toEqual({ text: 'which database do we use', window: null, expression: null, anchor: null });
  });

  it('names an event anchor when the relation word is followed by no date', () => {
    expect(parseQueryTime('which database did we use before the migration, and why?', now).anchor).toEqual({ relation: 'before', phrase: 'the migration' });
    expect(parseQueryTime('what broke after the offsite', now).anchor).toEqual({ relation: 'after', phrase: 'the offsite' });
  });
});

describe('windowAround and withinWindow', () => {
  it('treats the window as half-open', () => {
    const at = new Date('2026-05-03T10:00:00Z');
    expect(withinWindow(windowAround('before', at), new Date('2026-05-03T09:59:59Z'))).toBe(true);
    expect(withinWindow(windowAround('before', at), at)).toBe(false);
    expect(withinWindow(windowAround('after', at), new Date('2026-05-03T10:00:01Z'))).toBe(true);
  });
});

describe('parseQueryTime keeps the question', () => {
  const now = new Date('2026-06-15T12:00:00.000Z');

  it('removes only the time expressions, not what stands between two of them', () => {
    const parsed = parseQueryTime('what did we decide on May 4 about the deploy window and on May 6', now);
    expect(parsed.text).toBe('what did we decide on about the deploy window and on');
    expect(parsed.window).not.toBeNull();
  });

  it('does not read "now" as a time the memory happened in', () => {
    const parsed = parseQueryTime('From now on I want answers in Spanish, not Portuguese', now);
    expect(parsed.window).toBeNull();
    expect(parsed.text).toBe('From now on I want answers in Spanish, not Portuguese');
  });
});
