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
    expect(nextSlotAfter(timing, new Date('2027-01-01T00:10:00Z'))).toEqual({ found: true, slot: new Date('2027-01-01T00:20:00.000Z') });
    expect(nextSlotAfter(timing, new Date('2026-12-31T00:00:00Z'))).toEqual({ found: true, slot: new Date('2027-01-01T00:00:00.000Z') });
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

  it('moves forward across Lord Howe’s 30-minute autumn change, where cron-parser throws or goes back', () => {
    // 2027-04-04 02:00 +11 becomes 01:30 +10:30 (15:00Z). Hourly: 01:00 is 14:00Z, 02:00 is 15:30Z.
    const hourly = { kind: 'cron' as const, cronExpression: '0 * * * *', timeZone: 'Australia/Lord_Howe' };
    for (const after of ['2027-04-03T14:00:00.000Z', '2027-04-03T14:10:00.000Z']) {
      expect(nextSlotAfter(hourly, new Date(after))).toEqual({ found: true, slot: new Date('2027-04-03T15:30:00.000Z') });
    }
    const daily = { kind: 'cron' as const, cronExpression: '0 1 * * *', timeZone: 'Australia/Lord_Howe' };
    expect(iso(upcomingSlots(daily, new Date('2027-04-03T13:00:00Z'), 3))).toEqual([
      '2027-04-03T14:00:00.000Z',
      '2027-04-04T14:30:00.000Z',
      '2027-04-05T14:30:00.000Z',
    ]);
    // From the day before the change, cron-parser throws for a whole day of cursors on 02:00.
    const twoAm = { kind: 'cron' as const, cronExpression: '0 2 * * *', timeZone: 'Australia/Lord_Howe' };
    expect(nextSlotAfter(twoAm, new Date('2027-04-02T15:00:00Z'))).toEqual({ found: true, slot: new Date('2027-04-03T15:30:00.000Z') });
  });

  it('does not go back on Chatham’s autumn change, so a tick walks one due slot, not ten thousand', () => {
    // 03:45 +13:45 becomes 02:45 +12:45 at 2027-04-03T14:00Z; cron-parser answers 12:15Z after 13:00Z.
    const timing = { kind: 'cron' as const, cronExpression: '*/15 * * * *', timeZone: 'Pacific/Chatham' };
    expect(nextSlotAfter(timing, new Date('2027-04-03T13:00:05.000Z'))).toEqual({ found: true, slot: new Date('2027-04-03T13:15:00.000Z') });
    const due = dueSlots(timing, new Date('2027-04-03T13:00:00.000Z'), new Date('2027-04-03T13:00:05.000Z'), 10);
    expect({ slots: iso(due.slots), total: due.total }).toEqual({ slots: ['2027-04-03T13:00:00.000Z'], total: 1 });
  });

  it('names why no slot can be computed instead of throwing', () => {
    const next = nextSlotAfter({ kind: 'cron', cronExpression: 'not a cron', timeZone: 'UTC' }, new Date('2027-01-01T00:00:00Z'));
    expect(next).toMatchObject({ found: false, reason: expect.stringContaining('"not a cron" in UTC') as unknown });
    expect(upcomingSlots({ kind: 'cron', cronExpression: 'not a cron', timeZone: 'UTC' }, new Date('2027-01-01T00:00:00Z'), 3)).toEqual([]);
  });

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
