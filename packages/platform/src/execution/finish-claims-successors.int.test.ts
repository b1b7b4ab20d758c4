import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestAgent, createTestPlatform, silentLogger, type TestPlatform } from '../testing';
import { finishRun, rideFinishes, type RunOutcome } from './finish-run';
import { claimRuns, type ClaimedRun } from './run-claims';
import { RunExecutor } from './run-executor';
import type { RunProcessor } from './run-processor';

/**
 * A statement that finishes an executor's runs also claims their successors (ADR 0074): as many as
 * it finished of that executor's runs, leased to it, with the plain claim's rules (oldest first, no
 * committed cancel, tool catalog), and nothing at all when a cap, open batch or due wait exists.
 */
describe.each(databaseModes)('finishes that claim successors (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;
  let toolAgentId: string;
  let cappedAgentId: string;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = await createTestAgent(test.platform.database, { tenantId: principal.tenantId, slug: 'successor', config: { tools: [] } });
    toolAgentId = await createTestAgent(test.platform.database, { tenantId: principal.tenantId, slug: 'successor-tools', config: { tools: ['http_fetch'] } });
    cappedAgentId = await createTestAgent(test.platform.database, { tenantId: principal.tenantId, slug: 'successor-capped', config: { tools: [] } });
  });
  afterAll(() => test?.dispose());

  const prisma = () => test.platform.database.prisma;
  const statements = () => test.platform.database.statements;
  const create = async (input: string, agent = agentId) => (await test.platform.runs.create(principal, { agentId: agent, input })).run.id;

  /** Leaves the queue empty between tests: every queued run is claimed and finished by a sweeper. */
  beforeEach(async () => {
    const left = await claimRuns(statements(), 'sweeper', 1_000, 60_000);
    await Promise.all(left.map((run) => finishRun(statements(), run, 'sweeper', { status: 'succeeded' })));
  });

  /** A claimer that reserves every slot it is offered and records what lands. */
  const recordingClaimer = (owner: string, toolNames?: readonly string[]) => {
    const landed: ClaimedRun[][] = [];
    const offered: number[] = [];
    const stop = rideFinishes(statements(), {
      owner,
      leaseMs: 60_000,
      ...(toolNames ? { toolNames } : {}),
      reserve: (finishing) => {
        offered.push(finishing);
        return { reserved: finishing, land: (claimed) => landed.push(claimed) };
      },
    });
    return { landed, offered, stop };
  };

  it('claims as many successors as it finished of the claimer: oldest first, leased to it, started once; a failed fence frees no slot', async () => {
    const held = [];
    for (let index = 0; index < 3; index += 1) await create(`held ${index}`);
    held.push(...(await claimRuns(statements(), 'rider', 3, 60_000)));
    expect(held).toHaveLength(3);
    const cancelled = await create('queued, cancel committed');
    await prisma().run.update({ where: { id: cancelled }, data: { cancelRequestedAt: new Date() } });
    const needsTools = await create('queued, needs a tool outside the catalog', toolAgentId);
    const successors = [await create('next 1'), await create('next 2'), await create('next 3')];

    const claimer = recordingClaimer('rider', []);
    try {
      const results = await Promise.all([
        finishRun(statements(), held[0]!, 'rider', { status: 'succeeded' }),
        finishRun(statements(), held[1]!, 'rider', { status: 'succeeded' }),
        finishRun(statements(), { ...held[2]!, attempt: 7 }, 'rider', { status: 'succeeded' }),
      ]);
      expect(results).toEqual([true, true, false]);
    } finally {
      claimer.stop();
    }
    expect(claimer.offered).toEqual([3]);
    expect(claimer.landed).toHaveLength(1);
    expect(claimer.landed[0]!.map((run) => run.id)).toEqual(successors.slice(0, 2));
    // New runs: nothing to resume from, so their attempts read no checkpoint.
    expect(claimer.landed[0]!.map((run) => run.fresh)).toEqual([true, true]);
    for (const id of successors.slice(0, 2)) {
      expect(await prisma().run.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: 'running', leaseOwner: 'rider', attempt: 1 });
      const events = await prisma().runEvent.findMany({ where: { runId: id }, orderBy: { seq: 'asc' } });
      expect(events.map((event) => [event.seq, event.type, event.payload])).toEqual([
        [1, 'run-created', expect.anything()],
        [2, 'run-started', { attempt: 1, executor: 'rider' }],
      ]);
    }
    for (const id of [cancelled, needsTools, successors[2]!]) {
      expect(await prisma().run.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: 'queued', leaseOwner: null });
    }
    await prisma().run.update({ where: { id: cancelled }, data: { cancelRequestedAt: null } });
  });

  it('claims nothing when a cap exists, so a capped agent never runs more than its cap', async () => {
    await create('capped, running', cappedAgentId);
    const [cappedRunning] = await claimRuns(statements(), 'someone-else', 1, 60_000);
    await prisma().agent.update({ where: { id: cappedAgentId }, data: { maxRunningRuns: 1 } });
    try {
      await create('held');
      const [held] = await claimRuns(statements(), 'rider', 1, 60_000);
      // Oldest in the queue: a run of the capped agent, which is at its cap.
      const cappedQueued = await create('capped, queued', cappedAgentId);
      await create('uncapped, queued');

      const claimer = recordingClaimer('rider');
      try {
        expect(await finishRun(statements(), held!, 'rider', { status: 'succeeded' })).toBe(true);
      } finally {
        claimer.stop();
      }
      expect(claimer.landed).toEqual([[]]);
      expect(await prisma().run.findUniqueOrThrow({ where: { id: cappedQueued } })).toMatchObject({ status: 'queued' });
      expect(await prisma().run.count({ where: { agentId: cappedAgentId, status: 'running' } })).toBe(1);
      await finishRun(statements(), cappedRunning!, 'someone-else', { status: 'succeeded' });
    } finally {
      await prisma().agent.update({ where: { id: cappedAgentId }, data: { maxRunningRuns: null } });
    }
  });

  it('a failed statement lands its reservation empty and claims nothing; each run is finished again alone', async () => {
    for (let index = 0; index < 2; index += 1) await create(`held ${index}`);
    const [good, bad] = await claimRuns(statements(), 'rider', 2, 60_000);
    const successor = await create('next');
    const claimer = recordingClaimer('rider');
    try {
      const [goodResult, badResult] = await Promise.allSettled([
        finishRun(statements(), good!, 'rider', { status: 'succeeded' }),
        finishRun(statements(), bad!, 'rider', { status: 'no-such-status' } as unknown as RunOutcome),
      ]);
      expect(goodResult).toEqual({ status: 'fulfilled', value: true });
      expect(badResult.status).toBe('rejected');
    } finally {
      claimer.stop();
    }
    expect(claimer.landed).toEqual([[]]);
    expect(await prisma().run.findUniqueOrThrow({ where: { id: successor } })).toMatchObject({ status: 'queued' });
    await finishRun(statements(), bad!, 'rider', { status: 'failed', error: { kind: 'test', message: 'cleanup' } });
  });

  it('an executor whose finishes claim successors starts every run once and never holds more leases than its concurrency', async () => {
    const concurrency = 2;
    const ids = new Set<string>();
    for (let index = 0; index < 12; index += 1) ids.add(await create(`drain ${index}`));
    let maxLeases = 0;
    const started: string[] = [];
    const owner = 'successor-executor';
    const processor: RunProcessor = {
      async process(run, runOwner) {
        started.push(run.id);
        maxLeases = Math.max(maxLeases, await prisma().run.count({ where: { leaseOwner: owner } }));
        if (!(await finishRun(statements(), run, runOwner, { status: 'succeeded' }))) throw new Error(`Run ${run.id} lost its lease`);
      },
    };
    const executor = new RunExecutor(test.platform.database, processor, silentLogger, { owner, concurrency, pollMs: 50, claimsInFlight: 1 });
    await executor.start();
    try {
      await expect.poll(async () => prisma().run.count({ where: { id: { in: [...ids] }, status: 'succeeded' } }), { timeout: 60_000 }).toBe(ids.size);
    } finally {
      await executor.stop();
    }
    expect(started.sort()).toEqual([...ids].sort());
    expect(maxLeases).toBeLessThanOrEqual(concurrency);
    const runStarted = await prisma().runEvent.count({ where: { runId: { in: [...ids] }, type: 'run-started' } });
    expect(runStarted).toBe(ids.size);
  });
});
