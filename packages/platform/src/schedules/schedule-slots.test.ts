import { describe, expect, it } from 'vitest';

import { cronExpressionProblem, dueSlots, isKnownTimeZone, maxSlotsWalked, nextSlotAfter, upcomingSlots } from './schedule-slots';

const iso = (dates: Date[]) => dates.map((date) => date.toISOString());

describe('schedule slots', () => {
  it('reads a cron expression on the time zone’s wall clock, across a daylight-saving change', () => {
    const timing = { kind: 'cron' as const, cronExpression: '0 9 * * *', timeZone: 'Europe/Paris' };
    // Paris moves to summer time on 2027-03-28: 09:00 is 08:00 UTC before, 07:00 UTC after.
    expect(iso(upcomingSlots(timing, new Date('2027-03-26T12:00:00Z'), 3))).toEqual([
      '2027-03-27T08:00:00.000Z',
      '2027-03-28T07:00:00.000Z',
      '2027-03-29T07:00:00.000Z',
    ]);
  });

  it('puts interval slots on the anchor’s grid', () => {
    const timing = { kind: 'interval' as const, intervalSeconds: 600, anchorAt: new Date('2027-01-01T00:00:00Z') };
    expect(nextSlotAfter(timing, new Date('2027-01-01T00:10:00Z')).toISOString()).toBe('2027-01-01T00:20:00.000Z');
    expect(nextSlotAfter(timing, new Date('2026-12-31T00:00:00Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('keeps the latest due slots and counts them all', () => {
    const cron = { kind: 'cron' as const, cronExpression: '*/5 * * * *', timeZone: 'UTC' };
    const due = dueSlots(cron, new Date('2027-01-01T00:05:00Z'), new Date('2027-01-01T01:02:00Z'), 2);
    expect(due).toEqual({ slots: [new Date('2027-01-01T00:55:00Z'), new Date('2027-01-01T01:00:00Z')], total: 12 });
    expect(dueSlots(cron, new Date('2027-01-01T02:00:00Z'), new Date('2027-01-01T01:02:00Z'), 2)).toEqual({ slots: [], total: 0 });
  });

  it('catches up only the slots the preview shows, across the autumn daylight-saving change', () => {
    // Berlin goes back from 03:00 CEST to 02:00 CET on 2027-10-31: 02:30 happens twice on the wall clock.
    const timing = { kind: 'cron' as const, cronExpression: '30 2 * * *', timeZone: 'Europe/Berlin' };
    const preview = upcomingSlots(timing, new Date('2027-10-29T12:00:00Z'), 3);
    expect(iso(preview)).toEqual(['2027-10-30T00:30:00.000Z', '2027-10-31T00:30:00.000Z', '2027-11-01T01:30:00.000Z']);
    const due = dueSlots(timing, preview[0]!, new Date('2027-10-31T02:00:00Z'), 10);
    expect({ slots: iso(due.slots), total: due.total }).toEqual({ slots: ['2027-10-30T00:30:00.000Z', '2027-10-31T00:30:00.000Z'], total: 2 });
  });

  it('keeps the preview’s slots when a schedule was down for more slots than one tick walks', () => {
    const timing = { kind: 'cron' as const, cronExpression: '30 2 * * *', timeZone: 'Europe/Berlin' };
    // Daily since 2000: more than maxSlotsWalked slots, so the walk picks up again near now.
    const due = dueSlots(timing, new Date('2000-01-01T01:30:00Z'), new Date('2027-10-31T02:00:00Z'), 2);
    expect({ slots: iso(due.slots), total: due.total }).toEqual({ slots: ['2027-10-30T00:30:00.000Z', '2027-10-31T00:30:00.000Z'], total: maxSlotsWalked });
  }, 30_000);

  it('names what is wrong with a cron expression and refuses unknown zones', () => {
    expect(cronExpressionProblem('0 9 * * 1-5')).toBeUndefined();
    expect(cronExpressionProblem('@daily')).toBeUndefined();
    expect(cronExpressionProblem('0 9 * *')).toMatch(/5 fields/);
    expect(cronExpressionProblem('0 25 * * *')).toBeDefined();
    expect(isKnownTimeZone('America/New_York')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus')).toBe(false);
    expect(isKnownTimeZone('+02:00')).toBe(false);
  });
});
