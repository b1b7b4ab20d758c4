import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTenantAdmin, createTestAgent, createTestPlatform, silentLogger, type TestPlatform } from '../testing';
import { FakeClock, finishScheduledRuns, firedSlots } from './schedule-test-helpers';

const minute = 60_000;

/**
 * One tenant's schedule must never stop another's. Australia/Lord_Howe goes back 30 minutes
 * (02:00 +11 -> 01:30 +10:30) on 2027-04-04; cron-parser's `next()` from that night's 01:00 slot
 * (14:00Z) throws. The throw used to roll back the whole tick, `next_fire_at` never advanced, the
 * schedule was claimed first at every tick, and no schedule of any tenant fired again.
 */
describe.each(databaseModes)('one schedule failing in a tick (%s)', (mode) => {
  const clock = new FakeClock(new Date('2027-04-03T13:30:00.000Z'));
  let test: TestPlatform;
  let tenantA: Principal;
  let tenantB: Principal;
  let agentA: string;
  let agentB: string;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger, { scheduler: { clock: clock.now, graceMs: 10 * minute } });
    tenantA = (await test.platform.auth.authenticate(test.adminKey))!;
    agentA = (await test.platform.database.prisma.agent.findFirstOrThrow({ where: { slug: 'demo-operator', tenantId: tenantA.tenantId } })).id;
    tenantB = await createTenantAdmin(test, { slug: 'second-tenant' });
    agentB = await createTestAgent(test.platform.database, {
      tenantId: tenantB.tenantId,
      slug: 'second-agent',
      config: { demoScript: { replies: [{ text: 'ok' }] } },
    });
  }, 300_000);
  afterAll(() => test?.dispose());

  const schedules = () => test.platform.schedules;

  /** Ticks at each instant (no tick may throw), ending the runs each fired as an executor would. */
  async function tickAt(instants: string[], scheduleIds: string[]): Promise<void> {
    for (const instant of instants) {
      clock.set(new Date(instant));
      await test.platform.scheduler.tick();
      for (const id of scheduleIds) await finishScheduledRuns(test.platform.database, id);
    }
  }

  it('fires the Lord Howe hourly schedule through its clock change and every tenant’s schedules with it', async () => {
    clock.set(new Date('2027-04-03T13:30:00.000Z'));
    const everyMinute = await schedules().create(tenantB, {
      name: 'every minute',
      agentId: agentB,
      timing: { kind: 'cron', cronExpression: '* * * * *', timeZone: 'UTC' },
      inputTemplate: 'tick {{slot}}',
    });
    const hourly = await schedules().create(tenantA, {
      name: 'hourly on Lord Howe Island',
      agentId: agentA,
      timing: { kind: 'cron', cronExpression: '0 * * * *', timeZone: 'Australia/Lord_Howe' },
      inputTemplate: 'hourly {{slotLocal}}',
    });
    expect(hourly.nextFireAt).toBe('2027-04-03T14:00:00.000Z');
    await tickAt(['2027-04-03T13:59:10.000Z', '2027-04-03T14:00:10.000Z', '2027-04-03T14:01:10.000Z', '2027-04-03T14:02:10.000Z'], [everyMinute.id, hourly.id]);
    expect(await firedSlots(test.platform.database, everyMinute.id)).toEqual(
      expect.arrayContaining(['2027-04-03T14:00:00.000Z', '2027-04-03T14:01:00.000Z', '2027-04-03T14:02:00.000Z']),
    );
    // 01:00 +11 fired; 02:00 comes at 15:30Z, after the clock went back to 01:30.
    expect(await firedSlots(test.platform.database, hourly.id)).toEqual(['2027-04-03T14:00:00.000Z']);
    expect(await schedules().get(tenantA, { scheduleId: hourly.id })).toMatchObject({
      nextFireAt: '2027-04-03T15:30:00.000Z',
      lastError: null,
      skippedCount: 0,
    });
    await schedules().delete(tenantA, { scheduleId: hourly.id });
    await schedules().delete(tenantB, { scheduleId: everyMinute.id });
  });

  it('creates, previews and resumes a Lord Howe schedule at the instants cron-parser throws on', async () => {
    const timing = { kind: 'cron' as const, cronExpression: '0 1 * * *', timeZone: 'Australia/Lord_Howe' };
    clock.set(new Date('2027-04-03T14:00:00.000Z'));
    const daily = await schedules().create(tenantA, { name: 'daily 01:00', agentId: agentA, timing, inputTemplate: 'go', paused: true });
    expect(daily.nextFireAt).toBe('2027-04-04T14:30:00.000Z');
    clock.set(new Date('2027-04-03T14:10:00.000Z'));
    expect(schedules().preview(tenantA, { timing, count: 2 }).fireTimes).toEqual(['2027-04-04T14:30:00.000Z', '2027-04-05T14:30:00.000Z']);
    expect(await schedules().resume(tenantA, { scheduleId: daily.id })).toMatchObject({ paused: false, nextFireAt: '2027-04-04T14:30:00.000Z' });
    await schedules().delete(tenantA, { scheduleId: daily.id });
  });

  it('sets aside a schedule whose run the database refuses, records why, and fires the other tenant’s slots', async () => {
    clock.set(new Date('2027-05-01T00:00:30.000Z'));
    const healthy = await schedules().create(tenantB, {
      name: 'healthy',
      agentId: agentB,
      timing: { kind: 'interval', intervalSeconds: 60 },
      inputTemplate: 'tick {{slot}}',
    });
    // Claimed first (older next fire time) and refused by the database at every insert.
    const failing = await schedules().create(tenantA, {
      name: 'refused',
      agentId: agentA,
      timing: { kind: 'cron', cronExpression: '* * * * *', timeZone: 'UTC' },
      inputTemplate: 'tick {{slot}}',
    });
    const { prisma } = test.platform.database;
    await prisma.$executeRawUnsafe(
      `CREATE FUNCTION refuse_scheduled_run() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$`,
    );
    await prisma.$executeRawUnsafe(
      `CREATE TRIGGER refuse_scheduled_run BEFORE INSERT ON runs FOR EACH ROW WHEN (NEW.schedule_id = '${failing.id}'::uuid) EXECUTE FUNCTION refuse_scheduled_run()`,
    );
    try {
      const failures: string[] = [];
      for (const instant of ['2027-05-01T00:01:05.000Z', '2027-05-01T00:02:05.000Z', '2027-05-01T00:03:05.000Z']) {
        clock.set(new Date(instant));
        const result = await test.platform.scheduler.tick();
        failures.push(...result.failed.map((failure) => failure.scheduleId));
        await finishScheduledRuns(test.platform.database, healthy.id);
      }
      expect(failures).toEqual([failing.id, failing.id, failing.id]);
      expect(await firedSlots(test.platform.database, healthy.id)).toEqual(['2027-05-01T00:01:30.000Z', '2027-05-01T00:02:30.000Z']);
      expect(await firedSlots(test.platform.database, failing.id)).toEqual([]);
      const setAside = await schedules().get(tenantA, { scheduleId: failing.id });
      expect(setAside).toMatchObject({ paused: false, firedCount: 0, skippedCount: 3, nextFireAt: '2027-05-01T00:04:00.000Z' });
      expect(setAside.lastError).toMatch(/^Slots due up to 2027-05-01T00:03:05.000Z created no run: firing them failed with an internal error/);
    } finally {
      await prisma.$executeRawUnsafe('DROP TRIGGER refuse_scheduled_run ON runs');
      await prisma.$executeRawUnsafe('DROP FUNCTION refuse_scheduled_run()');
    }
    clock.set(new Date('2027-05-01T00:04:05.000Z'));
    await test.platform.scheduler.tick();
    expect(await firedSlots(test.platform.database, failing.id)).toEqual(['2027-05-01T00:04:00.000Z']);
    expect(await schedules().get(tenantA, { scheduleId: failing.id })).toMatchObject({ firedCount: 1, lastError: null });
    await schedules().delete(tenantA, { scheduleId: failing.id });
    await schedules().delete(tenantB, { scheduleId: healthy.id });
  });

  it('refuses a slot whose rendered input would pass the run input limit (lastError), and an edit that would make one', async () => {
    clock.set(new Date('2027-05-15T00:00:30.000Z'));
    const schedule = await schedules().create(tenantB, {
      name: 'N'.repeat(120),
      agentId: agentB,
      timing: { kind: 'cron', cronExpression: '* * * * *', timeZone: 'UTC' },
      inputTemplate: '{{scheduleName}}'.repeat(800),
    });
    // Growing the template past what its name expands to is refused, naming the field that changed.
    await expect(schedules().update(tenantB, { scheduleId: schedule.id, inputTemplate: '{{scheduleName}}'.repeat(6_250) })).rejects.toMatchObject({
      kind: 'validation',
      field: 'inputTemplate',
    });
    // A template saved before the check existed: 6,250 placeholders render to 750,000 characters.
    await test.platform.database.prisma.$executeRawUnsafe(
      `UPDATE schedules SET input_template = $2 WHERE id = $1::uuid`,
      schedule.id,
      '{{scheduleName}}'.repeat(6_250),
    );
    await expect(schedules().update(tenantB, { scheduleId: schedule.id, name: 'M'.repeat(120) })).rejects.toMatchObject({ kind: 'validation', field: 'name' });
    clock.set(new Date('2027-05-15T00:01:05.000Z'));
    expect((await test.platform.scheduler.tick()).failed).toEqual([]);
    expect(await firedSlots(test.platform.database, schedule.id)).toEqual([]);
    const refused = await schedules().get(tenantB, { scheduleId: schedule.id });
    expect(refused).toMatchObject({ firedCount: 0, nextFireAt: '2027-05-15T00:02:00.000Z' });
    expect(refused.lastError).toBe(
      'Slot 2027-05-15T00:01:00.000Z created no run: its input renders to 750000 characters, over the 100000-character run input limit',
    );
    await schedules().delete(tenantB, { scheduleId: schedule.id });
  });

  it('pauses a schedule with no computable next slot, says why, and refuses to resume it (409)', async () => {
    clock.set(new Date('2027-06-01T00:00:30.000Z'));
    const schedule = await schedules().create(tenantA, {
      name: 'broken timing',
      agentId: agentA,
      timing: { kind: 'cron', cronExpression: '* * * * *', timeZone: 'UTC' },
      inputTemplate: 'go',
    });
    // Stored before validation refused it (cron-parser throws on it at every call).
    await test.platform.database.prisma.$executeRawUnsafe(`UPDATE schedules SET cron_expression = '0 0 30 2 *' WHERE id = $1::uuid`, schedule.id);
    clock.set(new Date('2027-06-01T00:01:05.000Z'));
    expect((await test.platform.scheduler.tick()).failed).toEqual([]);
    const paused = await schedules().get(tenantA, { scheduleId: schedule.id });
    expect(paused).toMatchObject({ paused: true, firedCount: 0 });
    expect(paused.lastError).toMatch(/^Paused by the scheduler: no fire time after 2027-06-01T00:01:05.000Z could be computed for "0 0 30 2 \*" in UTC/);
    await expect(schedules().resume(tenantA, { scheduleId: schedule.id })).rejects.toMatchObject({ kind: 'conflict', field: 'timing.cronExpression' });
    const audit = await test.platform.database.prisma.auditLog.findFirstOrThrow({ where: { targetId: schedule.id, action: 'schedule.pause' } });
    expect(audit).toMatchObject({ actorType: 'system', actorId: 'scheduler' });
    await schedules().delete(tenantA, { scheduleId: schedule.id });
  });
});
