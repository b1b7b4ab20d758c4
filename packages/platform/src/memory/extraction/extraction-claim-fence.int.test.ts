import { randomUUID } from 'node:crypto';

import { databaseModes } from '@agentloom/db/testing';
import type { ModelGateway } from '@agentloom/runtime';
import { ScriptedModel } from '@agentloom/runtime/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import type { ModelConnector } from '../../outbound/model-connector';
import { createTestAgent, createTestPlatform, holdRowLock, sessionsWaitingOnLocks, silentLogger, type TestPlatform } from '../../testing';
import { writePendingEpisodes } from '../episodes/write-pending-episodes';
import { runPendingExtractions } from './run-pending-extractions';

/**
 * An extraction claim is a five-minute lease; a model call can outlive it, and another process then
 * takes the job over (a new attempt) and finishes it. The first process used to come back and apply
 * its own decisions as well (two ADDs, two `memory_decisions` rows), or, when its call failed, put
 * the finished job back to pending so a later sweep applied it again: nothing it wrote after the
 * model call looked at the claim. Everything after the claim is now fenced by it (status pending at
 * the claimed attempt), and applying locks the job row while it writes. The lease and the retry
 * delays are timed by the database's clock, which every process shares, not by the process's own.
 */

/** A model that is never reached: the agent has a model configured, the test plays it. */
const unreachableModel = { provider: 'openai-compatible', model: 'm', baseURL: 'http://127.0.0.1:9/v1' };

/** An extraction model that answers only once released; `entered` resolves when the sweep has called it. */
function heldExtractionModel(reply: string | Error): { model: ModelGateway; entered: Promise<void>; release: () => void } {
  let enter!: () => void;
  const entered = new Promise<void>((resolve) => (enter = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const scripted = new ScriptedModel([], { compaction: [reply instanceof Error ? { error: reply } : reply] });
  const model: ModelGateway = {
    moduleId: scripted.moduleId,
    invoke: async (request) => {
      enter();
      await released;
      return scripted.invoke(request);
    },
  };
  return { model, entered, release };
}

const addCity = (text: string) => JSON.stringify({ decisions: [{ event: 'ADD', key: 'user.city', text, reason: 'stated' }] });

/** A finished run of an agent that extracts facts, with its extraction job pending (the episode sweep made it). */
async function pendingExtraction(test: TestPlatform): Promise<string> {
  const { prisma } = test.platform.database;
  const principal = (await test.platform.auth.authenticate(test.adminKey))!;
  const agentId = await createTestAgent(test.platform.database, {
    tenantId: principal.tenantId,
    slug: `extract-${randomUUID()}`,
    config: { model: unreachableModel, memoryWriting: { extractFacts: true } },
  });
  const version = await prisma.agentVersion.findFirstOrThrow({ where: { agentId } });
  const run = await prisma.run.create({
    data: {
      tenantId: principal.tenantId,
      agentId,
      agentVersionId: version.id,
      status: 'succeeded',
      input: { text: 'I live in Lisbon' },
      output: { text: 'Noted.' },
      finishedAt: new Date(),
      episodePending: true,
    },
  });
  await writePendingEpisodes(test.platform.database, test.platform.memoryPort, silentLogger, {
    limit: 50,
    signal: new AbortController().signal,
    models: { gateway: () => new ScriptedModel([], { compaction: ['Episode summary.'] }) } as unknown as ModelConnector,
  });
  await prisma.memoryExtraction.findUniqueOrThrow({ where: { runId: run.id } });
  return run.id;
}

const extract = (test: TestPlatform, model: ModelGateway) =>
  runPendingExtractions(test.platform.database, test.platform.memoryPort, silentLogger, {
    limit: 50,
    signal: new AbortController().signal,
    models: { gateway: () => model },
  });

/** The claim's lease has run out: what another process sees once the first one's model call took too long. */
const leaseRunsOut = (test: TestPlatform, runId: string) =>
  test.platform.database.prisma.memoryExtraction.updateMany({ where: { runId, status: 'pending' }, data: { nextAttemptAt: new Date(Date.now() - 1_000) } });

const job = (test: TestPlatform, runId: string) => test.platform.database.prisma.memoryExtraction.findUniqueOrThrow({ where: { runId } });
/** Whether the job's next attempt is due at most `ms` after now, by the database's clock. */
const dueWithin = async (test: TestPlatform, runId: string, ms: number): Promise<boolean> => {
  const rows = await test.platform.database.prisma.$queryRawUnsafe<{ within: boolean }[]>(
    'SELECT next_attempt_at <= now() + make_interval(secs => $2::double precision / 1000) AS within FROM memory_extractions WHERE run_id = $1::uuid',
    runId,
    ms,
  );
  return rows[0]!.within;
};
const decisionsOf = (test: TestPlatform, runId: string) => test.platform.database.prisma.memoryDecision.findMany({ where: { runId } });

describe.each(databaseModes)('an extraction whose claim was taken over (%s)', (mode) => {
  let test: TestPlatform;
  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger);
  });
  afterAll(() => test?.dispose());

  it('applies nothing when the process that took the job over has completed it', async () => {
    const runId = await pendingExtraction(test);
    const stale = heldExtractionModel(addCity('The user lives in Lisbon (stale)'));
    const staleSweep = extract(test, stale.model);
    await stale.entered; // claimed (attempt 1), waiting for its model
    await leaseRunsOut(test, runId);
    expect(await extract(test, new ScriptedModel([], { compaction: [addCity('The user lives in Lisbon')] }))).toEqual({ done: 1, failedAttempts: 0 });
    stale.release();
    expect(await staleSweep).toEqual({ done: 0, failedAttempts: 0 });

    const decisions = await decisionsOf(test, runId);
    expect(decisions.map((decision) => decision.event)).toEqual(['add']);
    const facts = await test.platform.database.prisma.memoryItem.findMany({ where: { sourceRunId: runId, key: 'user.city' }, select: { content: true } });
    expect(facts).toEqual([{ content: 'The user lives in Lisbon' }]);
    expect(await job(test, runId)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('does not reopen the completed job when its own model call fails afterwards', async () => {
    const runId = await pendingExtraction(test);
    const stale = heldExtractionModel(new Error('provider timed out'));
    const staleSweep = extract(test, stale.model);
    await stale.entered;
    await leaseRunsOut(test, runId);
    expect(await extract(test, new ScriptedModel([], { compaction: [addCity('The user lives in Lisbon')] }))).toEqual({ done: 1, failedAttempts: 0 });
    stale.release();
    expect(await staleSweep).toEqual({ done: 0, failedAttempts: 1 });

    expect(await job(test, runId)).toMatchObject({ status: 'done', attempts: 2, lastError: null });
    // Nothing is left for a later sweep to apply again.
    await leaseRunsOut(test, runId);
    const later = new ScriptedModel([], { compaction: [addCity('The user lives in Lisbon (again)')] });
    expect(await extract(test, later)).toEqual({ done: 0, failedAttempts: 0 });
    expect(later.requests).toHaveLength(0);
    expect(await decisionsOf(test, runId)).toHaveLength(1);
  });

  it('does not give back the attempt of the process that took the job over when its run changed', async () => {
    const runId = await pendingExtraction(test);
    const stale = heldExtractionModel(addCity('The user lives in Lisbon (stale)'));
    const staleSweep = extract(test, stale.model);
    await stale.entered;
    await leaseRunsOut(test, runId);
    const current = heldExtractionModel(addCity('The user lives in Lisbon'));
    const currentSweep = extract(test, current.model);
    await current.entered; // attempt 2, in flight
    // The run's answer is redacted meanwhile: the stale process finds its source changed.
    await test.platform.database.prisma.run.update({ where: { id: runId }, data: { output: { text: '[redacted]' } } });
    stale.release();
    expect(await staleSweep).toEqual({ done: 0, failedAttempts: 0 });
    const afterStale = await job(test, runId);
    expect(afterStale).toMatchObject({ status: 'pending', attempts: 2 });
    expect(afterStale.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    current.release();
    await currentSweep;
    expect(await job(test, runId)).toMatchObject({ status: 'pending', attempts: 1 }); // its own attempt given back
    expect(await decisionsOf(test, runId)).toHaveLength(0);
    // The job is due again; the sweeps of the next tests are to see only their own.
    await test.platform.database.prisma.memoryExtraction.delete({ where: { runId } });
  });
});

/**
 * Server only. The race needs two connections: the takeover commits while the first process is in
 * the transaction that applies its decisions, after it checked its source; a third transaction
 * plays the process that takes over, holding its uncommitted claim, so the apply waits on the job
 * row until the claim commits and then finds the claim gone. And only a server has a clock of its
 * own: an embedded database reads the clock of the process it runs in.
 */
describe('extraction claims between processes (server)', () => {
  let test: TestPlatform;
  beforeAll(async () => {
    test = await createTestPlatform('server', silentLogger);
  });
  afterAll(() => test?.dispose());

  it('writes no decision and leaves the new claim alone', async () => {
    const runId = await pendingExtraction(test);
    const stale = heldExtractionModel(addCity('The user lives in Lisbon (stale)'));
    const staleSweep = extract(test, stale.model);
    await stale.entered;
    const takeover = await holdRowLock(
      test.platform.database,
      `UPDATE memory_extractions SET attempts = attempts + 1, next_attempt_at = now() + interval '5 minutes', updated_at = now()
        WHERE run_id = $1::uuid AND status = 'pending' RETURNING run_id`,
      runId,
    );
    stale.release();
    await expect.poll(() => sessionsWaitingOnLocks(test.platform.database, '%memory_extractions%'), { timeout: 60_000, interval: 100 }).toBe(1);
    takeover.release();
    await takeover.done;
    expect(await staleSweep).toEqual({ done: 0, failedAttempts: 0 });

    expect(await decisionsOf(test, runId)).toHaveLength(0);
    expect(await job(test, runId)).toMatchObject({ status: 'pending', attempts: 2 });
  });

  it('times the lease and the retry by the database clock, not by the clock of the process', async () => {
    const runId = await pendingExtraction(test);
    const failing = heldExtractionModel(new Error('provider down (503)'));
    // This process's clock runs an hour ahead of the database's.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(Date.now() + 60 * 60_000);
    try {
      const sweep = extract(test, failing.model);
      await failing.entered;
      expect(await dueWithin(test, runId, 5 * 60_000)).toBe(true); // the five-minute lease
      failing.release();
      expect(await sweep).toEqual({ done: 0, failedAttempts: 1 });
      expect(await dueWithin(test, runId, 60_000)).toBe(true); // the first retry waits a minute
      const early = new ScriptedModel([], { compaction: [addCity('The user lives in Lisbon')] });
      expect(await extract(test, early)).toEqual({ done: 0, failedAttempts: 0 });
      expect(early.requests).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
