import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestPlatform, silentLogger, type TestPlatform } from '../testing';
import { FakeClock, finishScheduledRuns, firedSlots } from './schedule-test-helpers';

/**
 * A daily cron schedule at 02:30 Europe/Berlin. On 2027-10-31 clocks go back from 03:00 CEST to 02:00 CET, so
 * 02:30 happens twice on the wall clock. The preview (and normal ticking) has ONE slot that day (00:30Z);
 * catching up after downtime must fire that slot only, not also 01:30Z, a slot the preview never showed.
 */
describe.each(databaseModes)('schedule slots across the autumn DST change (%s)', (mode) => {
  let test: TestPlatform;
  let admin: Principal;
  let agentId: string;
  const clock = new FakeClock(new Date('2027-10-30T12:00:00.000Z'));

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger, { scheduler: { clock: clock.now, graceMs: 10_000 } });
    admin = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = (await test.platform.database.prisma.agent.findFirstOrThrow({ where: { slug: 'demo-operator' } })).id;
  }, 300_000);
  afterAll(() => test?.dispose());

  it('catch-up fires only slots the schedule has (one per day)', async () => {
    const timing = { kind: 'cron' as const, cronExpression: '30 2 * * *', timeZone: 'Europe/Berlin' };
    const schedule = await test.platform.schedules.create(admin, {
      name: 'nightly',
      agentId,
      timing,
      inputTemplate: 'Nightly {{slot}}',
      overlapPolicy: 'queue',
      catchUpPolicy: 'run-all',
    });
    const preview = test.platform.schedules.preview(admin, { timing, count: 3 }).fireTimes;
    expect(preview).toEqual(['2027-10-31T00:30:00.000Z', '2027-11-01T01:30:00.000Z', '2027-11-02T01:30:00.000Z']);
    // No scheduler ran over the night; it comes back at 03:00 CET.
    clock.set(new Date('2027-10-31T02:00:00.000Z'));
    for (let round = 0; round < 3; round += 1) {
      await test.platform.scheduler.tick();
      await finishScheduledRuns(test.platform.database, schedule.id);
    }
    expect(await firedSlots(test.platform.database, schedule.id)).toEqual(['2027-10-31T00:30:00.000Z']);
  });
});
