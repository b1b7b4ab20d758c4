import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import type { Principal } from '../auth/roles';
import { sweepRetention } from '../retention/retention-sweeper';
import { createTestAgent, createTestPlatform, holdRowLock, sessionsWaitingOnLocks, silentLogger, type TestPlatform } from '../testing';

/**
 * An erase takes the evaluation cases recorded from the erased runs (and from the runs that read
 * them), and each case's replay runs with it (ADR 0104). Found by an audit: a replay still queued or
 * running was deleted without a word (a running one under its executor), and its experiment then
 * completed on the cases left, `cases: 0, passRate: 0` when none was. An active replay now refuses
 * the erase as an active re-run does, naming its experiment. The replays are locked before their
 * status is read; the race (a replay queued again while the erase starts) runs on a server database.
 */
describe.each(databaseModes)('erase vs an experiment still replaying the erased content (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;
  /**
   * Runs executed to the end in `beforeAll`, before the executor stopped (a stopped executor does not
   * start again), so the replays the tests queue stay queued. `reader` copied `told`'s turn (same thread).
   */
  let recorded: Record<'secret' | 'told' | 'reader' | 'locker' | 'pin', { id: string }>;
  let lockerThreadId: string;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger, { executor: { pollMs: 100 } });
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: 'talker',
      config: { instructions: 'Chat.', completion: { verify: false, requireToolEvidence: false }, demoScript: { replies: [{ text: 'Noted.' }] } },
    });
    const historyThreadId = (await test.platform.threads.create(principal, { agentId })).id;
    lockerThreadId = (await test.platform.threads.create(principal, { agentId })).id;
    const finished = async (input: string, threadId?: string) => {
      const { run } = await test.platform.runs.create(principal, { agentId, input, ...(threadId ? { threadId } : {}) });
      await vi.waitFor(async () => expect((await test.platform.runs.get(principal, { runId: run.id })).status).toBe('succeeded'), {
        timeout: 60_000,
        interval: 50,
      });
      return run;
    };
    await test.platform.executor.start();
    recorded = {
      secret: await finished('my secret is 1234'),
      told: await finished('my passport number is X123', historyThreadId),
      reader: await finished('what did I tell you?', historyThreadId),
      locker: await finished('my locker code is 4321', lockerThreadId),
      pin: await finished('my pin is 9876'),
    };
    await test.platform.executor.stop();
  }, 300_000);
  afterAll(() => test?.dispose());

  /** An experiment replaying a dataset of these runs, and its replay run ids (queued: no executor runs). */
  const experimentOf = async (dataset: string, runIds: string[]) => {
    await test.platform.datasets.create(principal, { name: dataset });
    await test.platform.datasets.addRuns(principal, { name: dataset, runIds });
    const experiment = await test.platform.experiments.create(principal, { dataset, agentId, agentVersion: 1 });
    return { experimentId: experiment.id, replayIds: experiment.results.map((result) => result.runId) };
  };

  it('a queued replay of a case recorded from the run refuses the erase, naming its experiment, until the replay is cancelled', async () => {
    const { prisma } = test.platform.database;
    const run = recorded.secret;
    const { experimentId, replayIds } = await experimentOf('queued-replay', [run.id]);
    const [replayId] = replayIds;
    expect((await test.platform.runs.get(principal, { runId: replayId! })).status).toBe('queued');

    const refused = test.platform.erase.eraseRun(principal, { runId: run.id });
    await expect(refused).rejects.toMatchObject({ kind: 'conflict', field: 'runId' });
    await expect(refused).rejects.toThrow(experimentId);
    await expect(refused).rejects.toThrow(`${replayId} (queued)`);
    expect(await prisma.run.count({ where: { id: { in: [run.id, replayId!] } } })).toBe(2);
    expect(await prisma.evalResult.count({ where: { experimentId } })).toBe(1);

    await test.platform.runs.cancel(principal, { runId: replayId });
    const receipt = await test.platform.erase.eraseRun(principal, { runId: run.id });

    expect(receipt.counts).toMatchObject({ runs: 2, eval_cases: 1 });
    expect(await prisma.run.count({ where: { id: { in: [run.id, replayId!] } } })).toBe(0);
  });

  it('a queued replay of a case recorded from a run that read the erased run (its thread history) refuses the erase too', async () => {
    const { prisma } = test.platform.database;
    const { told, reader } = recorded;
    expect(await prisma.message.count({ where: { runId: reader.id, kind: 'thread_history', sourceRunIds: { has: told.id } } })).toBeGreaterThan(0);
    const { experimentId, replayIds } = await experimentOf('reader-replay', [reader.id]);

    const refused = test.platform.erase.eraseRun(principal, { runId: told.id });
    await expect(refused).rejects.toMatchObject({ kind: 'conflict', field: 'runId' });
    await expect(refused).rejects.toThrow(experimentId);
    await expect(refused).rejects.toThrow(`${replayIds[0]} (queued)`);
    expect(await prisma.run.count({ where: { id: { in: [told.id, reader.id, ...replayIds] } } })).toBe(3);
    expect(await prisma.evalCase.count({ where: { sourceRunId: reader.id } })).toBe(1);
  });

  it('a running replay of a case recorded from a run of the thread refuses the thread’s erase and is left to its executor', async () => {
    const { prisma } = test.platform.database;
    const run = recorded.locker;
    const { experimentId, replayIds } = await experimentOf('running-replay', [run.id]);
    const [replayId] = replayIds;
    // As an executor's claim leaves it (the test's executor is stopped, so nothing else touches it).
    const lease = { leaseOwner: 'executor-elsewhere', leaseExpiresAt: new Date(Date.now() + 600_000) };
    await prisma.run.update({ where: { id: replayId! }, data: { status: 'running', startedAt: new Date(), ...lease } });

    const refused = test.platform.erase.eraseThread(principal, { threadId: lockerThreadId });
    await expect(refused).rejects.toMatchObject({ kind: 'conflict', field: 'threadId' });
    await expect(refused).rejects.toThrow(experimentId);
    await expect(refused).rejects.toThrow(`${replayId} (running)`);
    expect(await prisma.thread.count({ where: { id: lockerThreadId } })).toBe(1);
    expect(await prisma.run.findUnique({ where: { id: replayId! }, select: { status: true, leaseOwner: true } })).toEqual({
      status: 'running',
      leaseOwner: lease.leaseOwner,
    });
  });

  it.skipIf(mode === 'embedded')(
    'a waiting replay queued again while the erase starts (its approval decided) is locked and seen queued: the erase refuses',
    async () => {
      const { prisma } = test.platform.database;
      const run = recorded.pin;
      const { experimentId, replayIds } = await experimentOf('resumed-replay', [run.id]);
      const [replayId] = replayIds;
      // Waiting for a human is not active: an erase may take a replay there, as it takes a waiting re-run.
      await prisma.run.update({ where: { id: replayId! }, data: { status: 'waiting_human' } });
      // The decision that queues it again, not committed yet: the erase reads it as waiting unless it waits for the row.
      const decision = await holdRowLock(test.platform.database, "UPDATE runs SET status = 'queued' WHERE id = $1::uuid RETURNING id", replayId);
      const erase = test.platform.erase.eraseRun(principal, { runId: run.id }).then(
        (receipt) => receipt.counts,
        (error: { kind?: string; message?: string }) => ({ kind: error.kind, message: error.message }),
      );
      await expect.poll(() => sessionsWaitingOnLocks(test.platform.database), { timeout: 60_000 }).toBeGreaterThan(0);
      decision.release();
      await decision.done;

      expect(await erase).toEqual({ kind: 'conflict', message: expect.stringContaining(`${replayId} (queued)`) as unknown });
      expect(await erase).toMatchObject({ message: expect.stringContaining(experimentId) as unknown });
      expect(await prisma.run.findUnique({ where: { id: replayId! }, select: { status: true } })).toEqual({ status: 'queued' });
    },
  );

  it('the retention sweep skips a run whose erase a queued replay refuses, and goes on to the next one', async () => {
    const { prisma } = test.platform.database;
    const { reader } = recorded;
    const { replayIds } = await experimentOf('retention-replay', [reader.id]);
    const version = await prisma.agentVersion.findFirstOrThrow({ where: { agentId }, select: { id: true } });
    const later = await prisma.run.create({
      data: {
        tenantId: principal.tenantId,
        agentId,
        agentVersionId: version.id,
        input: { text: 'nothing replays me' },
        status: 'succeeded',
        finishedAt: new Date(),
      },
      select: { id: true },
    });
    await prisma.tenant.update({ where: { id: principal.tenantId }, data: { retentionDays: 1 } });
    // Past the period: the refused one first (the sweep takes the oldest first), then one nothing holds.
    await prisma.run.update({ where: { id: reader.id }, data: { finishedAt: new Date(Date.now() - 10 * 86_400_000), episodePending: false } });
    await prisma.run.update({ where: { id: later.id }, data: { finishedAt: new Date(Date.now() - 9 * 86_400_000) } });

    expect(await sweepRetention(test.platform.database, test.platform.erase, silentLogger, { limit: 50 })).toBe(1);
    expect(
      await prisma.run.findMany({ where: { id: { in: [reader.id, later.id, ...replayIds] } }, select: { id: true }, orderBy: { createdAt: 'asc' } }),
    ).toEqual([{ id: reader.id }, ...replayIds.map((id) => ({ id }))]);
    await prisma.tenant.update({ where: { id: principal.tenantId }, data: { retentionDays: null } });
  });
});
