import { describe, expect, it } from 'vitest';

import { ClaimSchedule } from './claim-schedule';

describe('ClaimSchedule', () => {
  it('starts with a request; a claim takes it, and only a new request makes the next claim due', () => {
    const schedule = new ClaimSchedule(600_000);
    try {
      expect(schedule.take()).toBe(true);
      expect(schedule.take()).toBe(false);
      // A request made while a claim is in flight stays until the next claim takes it.
      schedule.request();
      expect(schedule.take()).toBe(true);
      expect(schedule.take()).toBe(false);
    } finally {
      schedule.stop();
    }
  });

  it('a nudge resumes the loop without requesting a claim; a request resumes it with one', async () => {
    const schedule = new ClaimSchedule(600_000);
    try {
      schedule.take();
      const nudged = schedule.next();
      schedule.nudge();
      await nudged;
      expect(schedule.take()).toBe(false);
      const requested = schedule.next();
      schedule.request();
      await requested;
      expect(schedule.take()).toBe(true);
    } finally {
      schedule.stop();
    }
  });

  it('requests a claim when the poll interval passes without one, and again after the next claim', async () => {
    const schedule = new ClaimSchedule(20);
    try {
      expect(schedule.take()).toBe(true);
      await schedule.next();
      expect(schedule.take()).toBe(true);
      // take() re-armed the poll: with nobody else requesting, the poll ends this wait too.
      await schedule.next();
      expect(schedule.take()).toBe(true);
    } finally {
      schedule.stop();
    }
  });
});
