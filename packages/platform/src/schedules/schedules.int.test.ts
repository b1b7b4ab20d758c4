import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestPlatform, silentLogger, type TestPlatform } from '../testing';
import { FakeClock, finishScheduledRuns, firedSlots } from './schedule-test-helpers';

const minute = 60_000;
const start = new Date('2027-01-04T00:00:00.000Z');

describe.each(databaseModes)('schedules (%s)', (mode) => {
  let test: TestPlatform;
  let admin: Principal;
  let viewer: Principal;
  let agentId: string;
  const clock = new FakeClock(start);

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger, { scheduler: { clock: clock.now, graceMs: 10_000 } });
    admin = (await test.platform.auth.authenticate(test.adminKey))!;
    const viewerKey = await test.platform.apiKeys.create(admin, { name: 'viewer', role: 'viewer' });
    viewer = (await test.platform.auth.authenticate(viewerKey.key))!;
    agentId = (await test.platform.database.prisma.agent.findFirstOrThrow({ where: { slug: 'demo-operator' } })).id;
  });
  afterAll(() => test?.dispose());

  const schedules = () => test.platform.schedules;
  const tick = () => test.platform.scheduler.tick();

  function everyMinute(name: string, overrides: Record<string, unknown> = {}) {
    return schedules().create(admin, {
      name,
      agentId,
      timing: { kind: 'interval', intervalSeconds: 60 },
      inputTemplate: 'Report for {{slot}}',
      ...overrides,
    });
  }

  it('creates a cron schedule read in its time zone, previews its next fire times, edits, pauses, resumes and deletes it, audit-logged', async () => {
    clock.set(start);
    const created = await schedules().create(admin, {
      name: 'Morning digest',
      agentId,
      timing: { kind: 'cron', cronExpression: '0 9 * * 1-5', timeZone: 'Europe/Paris' },
      inputTemplate: 'Digest for {{slotLocal}}',
    });
    // 09:00 in Paris in winter is 08:00 UTC; 2027-01-04 is a Monday.
    expect(created).toMatchObject({ name: 'Morning digest', agentVersion: null, paused: false, overlapPolicy: 'skip', catchUpPolicy: 'skip', nextFireAt: '2027-01-04T08:00:00.000Z' });
    const preview = schedules().preview(viewer, { timing: { kind: 'cron', cronExpression: '0 9 * * 1-5', timeZone: 'Europe/Paris' }, count: 6 });
    expect(preview.fireTimes).toEqual([
      '2027-01-04T08:00:00.000Z',
      '2027-01-05T08:00:00.000Z',
      '2027-01-06T08:00:00.000Z',
      '2027-01-07T08:00:00.000Z',
      '2027-01-08T08:00:00.000Z',
      '2027-01-11T08:00:00.000Z',
    ]);
    expect((await schedules().previewSaved(viewer, { scheduleId: created.id, count: 2 })).fireTimes).toEqual(['2027-01-04T08:00:00.000Z', '2027-01-05T08:00:00.000Z']);

    const edited = await schedules().update(admin, { scheduleId: created.id, name: 'Digest', overlapPolicy: 'queue', timing: { kind: 'cron', cronExpression: '30 7 * * *', timeZone: 'America/New_York' } });
    expect(edited).toMatchObject({ name: 'Digest', overlapPolicy: 'queue', nextFireAt: '2027-01-04T12:30:00.000Z' });
    expect(await schedules().pause(admin, { scheduleId: created.id })).toMatchObject({ paused: true });
    clock.advance(2 * 24 * 60 * minute);
    expect((await tick()).fired.filter((fired) => fired.scheduleId === created.id)).toEqual([]);
    // Slots that came due while paused are not made up: the next one is after now.
    expect(await schedules().resume(admin, { scheduleId: created.id })).toMatchObject({ paused: false, nextFireAt: '2027-01-06T12:30:00.000Z' });
    expect((await schedules().list(viewer, {})).schedules.map((schedule) => schedule.id)).toContain(created.id);
    await schedules().delete(admin, { scheduleId: created.id });
    await expect(schedules().get(viewer, { scheduleId: created.id })).rejects.toMatchObject({ kind: 'not-found', field: 'scheduleId' });
    const actions = await test.platform.database.prisma.auditLog.findMany({ where: { targetId: created.id }, orderBy: { createdAt: 'asc' }, select: { action: true } });
    expect(actions.map((entry) => entry.action)).toEqual(['schedule.create', 'schedule.update', 'schedule.pause', 'schedule.resume', 'schedule.delete']);
  });

  it('refuses a bad cron expression, an unknown time zone, a missing version and a viewer, naming the field', async () => {
    const base = { name: 'x', agentId, inputTemplate: 'go' };
    await expect(schedules().create(admin, { ...base, timing: { kind: 'cron', cronExpression: '61 * * * *' } })).rejects.toMatchObject({ kind: 'validation', field: 'timing.cronExpression' });
    await expect(schedules().create(admin, { ...base, timing: { kind: 'cron', cronExpression: 'every day' } })).rejects.toMatchObject({ kind: 'validation', field: 'timing.cronExpression' });
    await expect(schedules().create(admin, { ...base, timing: { kind: 'cron', cronExpression: '0 9 * * *', timeZone: 'Mars/Olympus' } })).rejects.toMatchObject({ kind: 'validation', field: 'timing.timeZone' });
    await expect(schedules().create(admin, { ...base, timing: { kind: 'interval', intervalSeconds: 5 } })).rejects.toMatchObject({ kind: 'validation', field: 'timing.intervalSeconds' });
    await expect(schedules().create(admin, { ...base, overlapPolicy: 'sometimes', timing: { kind: 'interval', intervalSeconds: 60 } })).rejects.toMatchObject({ kind: 'validation', field: 'overlapPolicy' });
    await expect(schedules().create(admin, { ...base, agentVersion: 99, timing: { kind: 'interval', intervalSeconds: 60 } })).rejects.toMatchObject({ kind: 'not-found', field: 'agentVersion' });
    await expect(schedules().create(viewer, { ...base, timing: { kind: 'interval', intervalSeconds: 60 } })).rejects.toMatchObject({ kind: 'forbidden' });
  });

  it('fires a slot once as a queued run that names its schedule and slot, with the rendered input, audit-logged as the scheduler', async () => {
    clock.set(start);
    const schedule = await everyMinute('one-slot', { agentVersion: 1 });
    expect((await tick()).fired).toEqual([]);
    clock.advance(minute);
    const { fired } = await tick();
    expect(fired).toHaveLength(1);
    expect((await tick()).fired).toEqual([]);
    const run = await test.platform.runs.get(admin, { runId: fired[0]!.runId });
    expect(run).toMatchObject({ status: 'queued', agentVersion: 1, input: { text: 'Report for 2027-01-04T00:01:00.000Z' } });
    expect(run.schedule).toEqual({ scheduleId: schedule.id, name: 'one-slot', slot: '2027-01-04T00:01:00.000Z' });
    expect(await schedules().get(viewer, { scheduleId: schedule.id })).toMatchObject({ firedCount: 1, lastRunId: run.id, nextFireAt: '2027-01-04T00:02:00.000Z' });
    const audit = await test.platform.database.prisma.auditLog.findFirstOrThrow({ where: { targetId: run.id } });
    expect(audit).toMatchObject({ actorType: 'system', actorId: 'scheduler', action: 'run.create' });
    await schedules().delete(admin, { scheduleId: schedule.id });
  });

  describe('overlap policies', () => {
    it('skip: a slot that comes due while the previous run is active creates no run', async () => {
      clock.set(start);
      const schedule = await everyMinute('overlap-skip', { overlapPolicy: 'skip' });
      clock.advance(minute);
      await tick();
      clock.advance(minute);
      await tick();
      expect(await firedSlots(test.platform.database, schedule.id)).toEqual(['2027-01-04T00:01:00.000Z']);
      await finishScheduledRuns(test.platform.database, schedule.id);
      clock.advance(minute);
      await tick();
      expect(await firedSlots(test.platform.database, schedule.id)).toEqual(['2027-01-04T00:01:00.000Z', '2027-01-04T00:03:00.000Z']);
      expect(await schedules().get(viewer, { scheduleId: schedule.id })).toMatchObject({ firedCount: 2, skippedCount: 1 });
      await schedules().delete(admin, { scheduleId: schedule.id });
    });

    it('cancel-previous: the active run is cancelled by the scheduler and the new slot fires', async () => {
      clock.set(start);
      const schedule = await everyMinute('overlap-cancel', { overlapPolicy: 'cancel-previous' });
      clock.advance(minute);
      const first = (await tick()).fired[0]!;
      clock.advance(minute);
      const second = (await tick()).fired[0]!;
      const { prisma } = test.platform.database;
      expect(await prisma.run.findUniqueOrThrow({ where: { id: first.runId }, select: { status: true } })).toEqual({ status: 'cancelled' });
      expect(await prisma.run.findUniqueOrThrow({ where: { id: second.runId }, select: { status: true } })).toEqual({ status: 'queued' });
      const cancelEvent = await prisma.runEvent.findFirstOrThrow({ where: { runId: first.runId, type: 'run-cancel-requested' } });
      expect(cancelEvent.payload).toEqual({ by: 'scheduler' });
      await schedules().delete(admin, { scheduleId: schedule.id });
    });

    it('queue: slots wait for the active run and then fire one at a time, in order, none dropped', async () => {
      clock.set(start);
      const schedule = await everyMinute('overlap-queue', { overlapPolicy: 'queue', catchUpPolicy: 'run-all', catchUpLimit: 10 });
      clock.advance(minute);
      await tick();
      clock.advance(2 * minute);
      await tick();
      // 00:02 and 00:03 wait behind the 00:01 run.
      expect(await firedSlots(test.platform.database, schedule.id)).toEqual(['2027-01-04T00:01:00.000Z']);
      for (const expected of ['2027-01-04T00:02:00.000Z', '2027-01-04T00:03:00.000Z']) {
        await finishScheduledRuns(test.platform.database, schedule.id);
        expect((await tick()).fired.map((fired) => fired.slot.toISOString())).toEqual([expected]);
      }
      await finishScheduledRuns(test.platform.database, schedule.id);
      expect((await tick()).fired).toEqual([]);
      expect(await schedules().get(viewer, { scheduleId: schedule.id })).toMatchObject({ firedCount: 3, skippedCount: 0, nextFireAt: '2027-01-04T00:04:00.000Z' });
      await schedules().delete(admin, { scheduleId: schedule.id });
    });
  });

  describe('catch-up after downtime', () => {
    async function downtime(catchUpPolicy: string, overlapPolicy = 'skip', secondsPastLastSlot = 30) {
      clock.set(start);
      const schedule = await everyMinute(`catch-up-${catchUpPolicy}-${overlapPolicy}-${secondsPastLastSlot}`, { catchUpPolicy, overlapPolicy, catchUpLimit: 3 });
      // No scheduler ran for ten slots; the clock now sits past the tenth (the grace is 10 s).
      clock.advance(10 * minute + secondsPastLastSlot * 1000);
      return schedule;
    }

    it('skip: missed slots create no run; the schedule resumes at the next slot', async () => {
      const schedule = await downtime('skip');
      expect((await tick()).fired.filter((fired) => fired.scheduleId === schedule.id)).toEqual([]);
      expect(await schedules().get(viewer, { scheduleId: schedule.id })).toMatchObject({ firedCount: 0, skippedCount: 10, nextFireAt: '2027-01-04T00:11:00.000Z' });
      await schedules().delete(admin, { scheduleId: schedule.id });
    });

    it('skip: the latest slot still fires when it is within the grace', async () => {
      const schedule = await downtime('skip', 'skip', 5);
      await tick();
      expect(await firedSlots(test.platform.database, schedule.id)).toEqual(['2027-01-04T00:10:00.000Z']);
      expect(await schedules().get(viewer, { scheduleId: schedule.id })).toMatchObject({ skippedCount: 9 });
      await schedules().delete(admin, { scheduleId: schedule.id });
    });

    it('run-once: one run for the missed slots, on the latest', async () => {
      const schedule = await downtime('run-once');
      clock.advance(5 * minute);
      await tick();
      expect(await firedSlots(test.platform.database, schedule.id)).toEqual(['2027-01-04T00:15:00.000Z']);
      await schedules().delete(admin, { scheduleId: schedule.id });
    });

    it('run-all: the latest catchUpLimit missed slots each get a run (queued one after another), older ones are dropped', async () => {
      const schedule = await downtime('run-all', 'queue');
      const fired: string[] = [];
      for (let round = 0; round < 5; round += 1) {
        fired.push(...(await tick()).fired.filter((slot) => slot.scheduleId === schedule.id).map((slot) => slot.slot.toISOString()));
        await finishScheduledRuns(test.platform.database, schedule.id);
      }
      expect(fired).toEqual(['2027-01-04T00:08:00.000Z', '2027-01-04T00:09:00.000Z', '2027-01-04T00:10:00.000Z']);
      expect(await schedules().get(viewer, { scheduleId: schedule.id })).toMatchObject({ firedCount: 3, skippedCount: 7, nextFireAt: '2027-01-04T00:11:00.000Z' });
      await schedules().delete(admin, { scheduleId: schedule.id });
    });
  });
});
