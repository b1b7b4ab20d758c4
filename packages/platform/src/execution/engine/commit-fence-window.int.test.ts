import type { RawSql } from '@agentloom/db';
import { databaseModes } from '@agentloom/db/testing';
import { AbortedError } from '@agentloom/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../../auth/roles';
import { ModelConnector } from '../../outbound/model-connector';
import { SecretBox } from '../../secrets/secret-box';
import { createTestAgent, createTestPlatform, silentLogger, testSecretKey, type TestPlatform } from '../../testing';
import { ToolCatalog } from '../../tools/tool-catalog';
import { claimRuns, type ClaimedRun } from '../run-claims';
import { LeaseLostError } from '../lease-lost-error';
import { commitFenceWindowMs, createCancelFenceHooks } from './cancel-fence-hooks';
import { EngineRunProcessor } from './engine-run-processor';

const owner = 'commit-fence-window-test';
const modelCall = { instanceId: 'run', step: 2, purpose: 'action' as const, messageCount: 1 };

/** The driver, counting the fence reads it is asked for and running `afterCommit` once a step commit has answered. */
function watchedStatements(inner: RawSql, afterCommit: () => Promise<void> = () => Promise.resolve()): { runner: RawSql; fenceReads: () => number } {
  let reads = 0;
  const pass = async <T>(text: string, send: () => Promise<T>): Promise<T> => {
    if (text.includes('AS cancel_requested FROM runs') && !text.includes('FOR UPDATE')) reads += 1;
    const answer = await send();
    if (text.includes('agentloom_commit_step')) await afterCommit();
    return answer;
  };
  return {
    fenceReads: () => reads,
    runner: {
      query: (text, ...values) => pass(text, () => inner.query(text, ...values)),
      execute: (text, ...values) => pass(text, () => inner.execute(text, ...values)),
      prepared: (statement, values) => pass(statement.text, () => inner.prepared!(statement, values)),
    },
  };
}

/**
 * ADR 0094: the first model call after a step commit whose fence confirmed the run skips its own fence
 * read when it starts within the window of the commit's answer; every other model call reads the fence,
 * so a cancel committed (its notification lost) more than the window before a call stops it.
 */
describe.each(databaseModes)('a step commit stands in for the next model call’s fence read within its window (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;
  const prisma = () => test.platform.database.prisma;

  const claimNew = async (): Promise<ClaimedRun> => {
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'x' });
    const [claimed] = await claimRuns(prisma(), owner, 1, 60_000);
    expect(claimed?.id).toBe(run.id);
    return claimed!;
  };
  // Committed without the NOTIFY a cancel sends: only the fenced checks can see it.
  const commitCancelQuietly = (runId: string) => prisma().$executeRawUnsafe('UPDATE runs SET cancel_requested_at = now() WHERE id = $1::uuid', runId);
  const modelCallsStarted = (runId: string) => prisma().runEvent.count({ where: { runId, type: 'model-call-started' } });
  const endRun = (runId: string) => prisma().run.update({ where: { id: runId }, data: { status: 'cancelled', leaseOwner: null, finishedAt: new Date() } });

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    const turn = (index: number) => ({ text: `Source ${index}.`, toolCalls: [{ name: 'record_citation', arguments: { source: `https://example.org/${index}` } }] });
    agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: 'window-citer',
      config: { builtinTools: ['record_citation'], completion: { verify: false, requireToolEvidence: false }, demoScript: { replies: [turn(1), turn(2), turn(3), { text: 'Done.' }] } },
    });
  });
  afterAll(() => test?.dispose());

  describe('the hooks, on a clock the test moves', () => {
    let claimed: ClaimedRun;
    let clock = 0;
    const fenceOver = (runner: RawSql) => createCancelFenceHooks(runner, claimed, owner, { now: () => clock, windowMs: 1 });

    beforeAll(async () => {
      claimed = await claimNew();
    });
    afterAll(() => endRun(claimed.id));

    it('a call at the window’s edge sends no read; only that call: the next one reads', async () => {
      const watched = watchedStatements(test.platform.database.statements);
      const fence = fenceOver(watched.runner);
      clock = 10;
      fence.stepCommitted(true);
      clock = 11;
      await fence.modelCallStarting!(modelCall);
      expect(watched.fenceReads()).toBe(0);
      await fence.modelCallStarting!(modelCall);
      expect(watched.fenceReads()).toBe(1);
    });

    it('a call that starts past the window reads the fence, and a cancel committed after the commit stops it', async () => {
      const watched = watchedStatements(test.platform.database.statements);
      const fence = fenceOver(watched.runner);
      clock = 100;
      fence.stepCommitted(true);
      await commitCancelQuietly(claimed.id);
      clock = 101.001;
      await expect(Promise.resolve(fence.modelCallStarting!(modelCall))).rejects.toBeInstanceOf(AbortedError);
      expect(watched.fenceReads()).toBe(1);
      expect(fence.failures).toEqual([]);
    });

    it('a commit that did not confirm the fence, or one after a confirming commit, leaves the next call to its read', async () => {
      const watched = watchedStatements(test.platform.database.statements);
      const fence = fenceOver(watched.runner);
      clock = 200;
      fence.stepCommitted(false);
      await expect(Promise.resolve(fence.modelCallStarting!(modelCall))).rejects.toBeInstanceOf(AbortedError);
      fence.stepCommitted(true);
      fence.stepCommitted(false);
      await expect(Promise.resolve(fence.modelCallStarting!(modelCall))).rejects.toBeInstanceOf(AbortedError);
      expect(watched.fenceReads()).toBe(2);
    });

    it('the window is 1 ms unless given: a wider one given is honoured', async () => {
      const watched = watchedStatements(test.platform.database.statements);
      const byDefault = createCancelFenceHooks(watched.runner, claimed, owner, { now: () => clock });
      clock = 300;
      byDefault.stepCommitted(true);
      clock = 300 + commitFenceWindowMs;
      await byDefault.modelCallStarting!(modelCall);
      byDefault.stepCommitted(true);
      clock += commitFenceWindowMs + 0.001;
      await expect(Promise.resolve(byDefault.modelCallStarting!(modelCall))).rejects.toBeInstanceOf(AbortedError);
      expect(watched.fenceReads()).toBe(1);
      const wider = createCancelFenceHooks(watched.runner, claimed, owner, { now: () => clock, windowMs: 5 });
      wider.stepCommitted(true);
      clock += 4;
      await wider.modelCallStarting!(modelCall);
      expect(watched.fenceReads()).toBe(1);
    });

    it('measures the window on the process clock unless given one', async () => {
      const watched = watchedStatements(test.platform.database.statements);
      const unbounded = createCancelFenceHooks(watched.runner, claimed, owner, { windowMs: Number.POSITIVE_INFINITY });
      unbounded.stepCommitted(true);
      await unbounded.modelCallStarting!(modelCall);
      expect(watched.fenceReads()).toBe(0);
    });

    it('a read that finds the lease lost throws that, and keeps it for the processor', async () => {
      const zombie = createCancelFenceHooks(test.platform.database.statements, claimed, 'zombie', { now: () => clock });
      await expect(Promise.resolve(zombie.modelCallStarting!(modelCall))).rejects.toBeInstanceOf(LeaseLostError);
      expect(zombie.failures).toHaveLength(1);
      expect(zombie.failures[0]).toBeInstanceOf(LeaseLostError);
    });

    it('a fresh fence, before any commit, reads', async () => {
      const watched = watchedStatements(test.platform.database.statements);
      await expect(Promise.resolve(fenceOver(watched.runner).modelCallStarting!(modelCall))).rejects.toBeInstanceOf(AbortedError);
      expect(watched.fenceReads()).toBe(1);
    });
  });

  describe('the executor', () => {
    const processOver = async (run: ClaimedRun, statements: RawSql, clock: () => number) => {
      const processor = new EngineRunProcessor({ ...test.platform.database, statements }, new ToolCatalog([]), silentLogger, new ModelConnector(fetch, new SecretBox(testSecretKey)), undefined, undefined, {
        cancelFence: { now: clock, windowMs: 1 },
      });
      await processor.process(run, owner, { abort: new AbortController().signal, drain: new AbortController().signal });
    };

    it('reads the fence before the first model call only, when every later call starts within the window of its step’s commit', async () => {
      const run = await claimNew();
      const watched = watchedStatements(test.platform.database.statements);
      await processOver(run, watched.runner, () => 0);
      expect(await prisma().run.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({ status: 'succeeded' });
      expect(await modelCallsStarted(run.id)).toBe(4);
      expect(watched.fenceReads()).toBe(1);
    });

    it('a cancel committed after a step commit (notification lost) stops the next model call that starts past the window', async () => {
      const run = await claimNew();
      // After the first commit, the clock moves 2 ms between any two readings: past the window.
      let cancelled = false;
      let clock = 0;
      const watched = watchedStatements(test.platform.database.statements, async () => {
        if (cancelled) return;
        cancelled = true;
        await commitCancelQuietly(run.id);
      });
      await processOver(run, watched.runner, () => (cancelled ? (clock += 2) : 0));
      expect(await prisma().run.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({ status: 'cancelled' });
      expect(await modelCallsStarted(run.id)).toBe(1);
      expect(await prisma().toolCall.count({ where: { runId: run.id } })).toBe(1);
    });

    it('within the window the call starts, and the ledger’s fence stops its tool call: the trade ADR 0094 makes', async () => {
      const run = await claimNew();
      let cancelled = false;
      const watched = watchedStatements(test.platform.database.statements, async () => {
        if (cancelled) return;
        cancelled = true;
        await commitCancelQuietly(run.id);
      });
      await processOver(run, watched.runner, () => 0);
      expect(await prisma().run.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({ status: 'cancelled' });
      expect(await modelCallsStarted(run.id)).toBe(2);
      // The second call's tool never started: the ledger's start is fenced in its own statement.
      expect(await prisma().toolCall.count({ where: { runId: run.id } })).toBe(1);
    });
  });
});
