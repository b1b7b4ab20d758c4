import { createTestDatabaseConfig, type TestDatabaseConfig } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createPlatform, type Platform } from '../create-platform';
import { silentLogger, testSecretKey } from '../testing';
import { FakeClock } from './schedule-test-helpers';

const minute = 60_000;
const schedulerCount = 3;
const scheduleCount = 4;
const slotCount = 40;

/**
 * Several schedulers (separate platforms, each with its own connection pool, as separate processes
 * have) tick at the same moments against one Postgres database while a shared fake clock walks
 * through many slots: every slot of every schedule must get exactly one run.
 */
describe('schedulers racing on one database (server)', () => {
  let database: TestDatabaseConfig;
  const platforms: Platform[] = [];
  const clock = new FakeClock(new Date('2027-01-04T00:00:00.000Z'));
  let principal: Principal;

  beforeAll(async () => {
    database = await createTestDatabaseConfig('server');
    for (let index = 0; index < schedulerCount; index += 1) {
      platforms.push(
        await createPlatform({
          database: database.config,
          logger: silentLogger,
          secrets: { key: testSecretKey },
          executor: { owner: `racer-${index}` },
          // Batches of one make the racers interleave across schedules within every tick.
          scheduler: { clock: clock.now, batchSize: 1 },
        }),
      );
    }
    principal = (await platforms[0]!.auth.authenticate(platforms[0]!.seed.adminKey!))!;
  });
  afterAll(async () => {
    for (const platform of platforms) await platform.close();
    await database?.dispose();
  });

  it('fires every slot exactly once across the schedulers', async () => {
    const [first] = platforms;
    const agentId = (await first!.database.prisma.agent.findFirstOrThrow({ where: { slug: 'demo-operator' } })).id;
    const scheduleIds: string[] = [];
    for (let index = 0; index < scheduleCount; index += 1) {
      const schedule = await first!.schedules.create(principal, {
        name: `race-${index}`,
        agentId,
        overlapPolicy: 'skip',
        timing: index % 2 === 0 ? { kind: 'interval', intervalSeconds: 60 } : { kind: 'cron', cronExpression: '* * * * *', timeZone: 'Asia/Kolkata' },
        inputTemplate: 'slot {{slot}}',
      });
      scheduleIds.push(schedule.id);
    }
    let alreadyFired = 0;
    for (let slot = 0; slot < slotCount; slot += 1) {
      clock.advance(minute);
      const results = await Promise.all(platforms.map((platform) => platform.scheduler.tick()));
      alreadyFired += results.reduce((sum, result) => sum + result.alreadyFired, 0);
      // Runs end before the next slot (no executor runs here), so the skip overlap policy never holds one back.
      await first!.database.prisma.run.updateMany({ where: { scheduleId: { in: scheduleIds }, status: 'queued' }, data: { status: 'succeeded' } });
    }
    const counts = await first!.database.prisma.$queryRawUnsafe<{ schedule_id: string; slots: bigint; runs: bigint }[]>(
      `SELECT schedule_id::text, count(DISTINCT schedule_slot) AS slots, count(*) AS runs FROM runs WHERE schedule_id IS NOT NULL GROUP BY schedule_id ORDER BY schedule_id`,
    );
    expect(counts.map((row) => ({ slots: Number(row.slots), runs: Number(row.runs) }))).toEqual(
      Array.from({ length: scheduleCount }, () => ({ slots: slotCount, runs: slotCount })),
    );
    // The first fence (the row claim) held on its own: no scheduler even reached the second (the slot key).
    expect(alreadyFired).toBe(0);
    const firedBy = await first!.database.prisma.schedule.findMany({ where: { id: { in: scheduleIds } }, select: { firedCount: true, skippedCount: true } });
    expect(firedBy).toEqual(Array.from({ length: scheduleCount }, () => ({ firedCount: slotCount, skippedCount: 0 })));
  });

  it('still fires every slot exactly once while one schedule fails in every tick (each behind its own savepoint)', async () => {
    const [first] = platforms;
    const { prisma } = first!.database;
    const agentId = (await prisma.agent.findFirstOrThrow({ where: { slug: 'demo-operator' } })).id;
    const create = (name: string) =>
      first!.schedules.create(principal, {
        name,
        agentId,
        overlapPolicy: 'skip',
        timing: { kind: 'cron', cronExpression: '* * * * *', timeZone: 'UTC' },
        inputTemplate: 'slot {{slot}}',
      });
    const failing = await create('race-failing');
    const healthy = [await create('race-healthy-0'), await create('race-healthy-1')];
    await prisma.$executeRawUnsafe(
      `CREATE FUNCTION refuse_race_run() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused by the test'; END $$`,
    );
    await prisma.$executeRawUnsafe(
      `CREATE TRIGGER refuse_race_run BEFORE INSERT ON runs FOR EACH ROW WHEN (NEW.schedule_id = '${failing.id}'::uuid) EXECUTE FUNCTION refuse_race_run()`,
    );
    const rounds = 10;
    let alreadyFired = 0;
    let failures = 0;
    for (let slot = 0; slot < rounds; slot += 1) {
      clock.advance(minute);
      const results = await Promise.all(platforms.map((platform) => platform.scheduler.tick()));
      alreadyFired += results.reduce((sum, result) => sum + result.alreadyFired, 0);
      failures += results.reduce((sum, result) => sum + result.failed.filter((failure) => failure.scheduleId === failing.id).length, 0);
      await prisma.run.updateMany({ where: { scheduleId: { not: null }, status: 'queued' }, data: { status: 'succeeded' } });
    }
    const runs = await prisma.$queryRawUnsafe<{ schedule_id: string; slots: bigint; runs: bigint }[]>(
      `SELECT schedule_id::text, count(DISTINCT schedule_slot) AS slots, count(*) AS runs FROM runs WHERE schedule_id = ANY($1::uuid[]) GROUP BY schedule_id`,
      [failing.id, ...healthy.map((schedule) => schedule.id)],
    );
    expect(runs.map((row) => ({ id: row.schedule_id, slots: Number(row.slots), runs: Number(row.runs) })).sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      healthy.map((schedule) => ({ id: schedule.id, slots: rounds, runs: rounds })).sort((a, b) => a.id.localeCompare(b.id)),
    );
    // One scheduler claimed the failing schedule per slot and set it aside; no other saw it due again.
    expect({ failures, alreadyFired }).toEqual({ failures: rounds, alreadyFired: 0 });
    expect(await prisma.schedule.findUniqueOrThrow({ where: { id: failing.id }, select: { skippedCount: true, firedCount: true } })).toEqual({
      skippedCount: rounds,
      firedCount: 0,
    });
  });
});
