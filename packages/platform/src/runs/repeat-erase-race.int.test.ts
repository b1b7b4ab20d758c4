import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestAgent, createTestPlatform, holdRowLock, sessionsWaitingOnLocks, silentLogger, type TestPlatform } from '../testing';

/** One tool call, then the iteration limit: the run fails at step 2 and keeps step 1's checkpoint (a fork point). */
const failsAtStepTwoConfig = {
  instructions: 'Notify, then answer.',
  builtinTools: [],
  tools: ['send_notification'],
  approvals: { send_notification: 'never' },
  limits: { maxIterations: 1 },
  demoScript: { replies: [{ text: 'Notifying.', toolCalls: [{ name: 'send_notification', arguments: { channel: 'one', message: 'first' } }] }] },
};

/**
 * ADR 0104: a run made from a run that an erase is deleting "waits for the erase and then fails, its
 * origin gone". The retry, re-run, fork or feedback used to fail with the raw foreign-key violation
 * (`runs_retry_of_run_id_fkey`, `run_feedback_run_id_fkey`, …), a 500 at the edge; it is now
 * `not-found` on `runId`, and nothing is written.
 *
 * Server only: the race needs two connections. A third transaction holds a row lock on the origin's
 * events, so the erase stops at its `DELETE FROM run_events` holding the origin `FOR UPDATE`; the
 * request is started then and waits for that lock; the lock is released and the erase commits.
 */
describe('a retry, re-run, fork or feedback racing the erase of its run (server)', () => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;
  /** Per request, its own origin: a run that failed after step 1, with that step's checkpoint kept. */
  const origins = new Map<string, string>();

  const requests = {
    retry: (runId: string) => test.platform.runs.retry(principal, { runId }),
    rerun: (runId: string) => test.platform.runs.rerun(principal, { runId }),
    fork: (runId: string) => test.platform.runs.fork(principal, { runId, stepIndex: 1, appendMessage: 'and again' }),
    feedback: (runId: string) => test.platform.feedback.record(principal, { runId, label: 'good', comment: 'a comment' }),
  };

  beforeAll(async () => {
    test = await createTestPlatform('server', silentLogger, { executor: { pollMs: 50, heartbeatMs: 100, recoveryIntervalMs: 200 } });
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = await createTestAgent(test.platform.database, { tenantId: principal.tenantId, slug: 'fails-at-step-two', config: failsAtStepTwoConfig });
    await test.platform.executor.start();
    for (const name of Object.keys(requests)) {
      const { run } = await test.platform.runs.create(principal, { agentId, input: `please notify (${name})` });
      origins.set(name, run.id);
    }
    for (const runId of origins.values()) {
      await vi.waitFor(
        async () => {
          const { status } = await test.platform.runs.get(principal, { runId });
          if (status !== 'failed') throw new Error(`run ${runId} is ${status}`);
        },
        { timeout: 60_000, interval: 100 },
      );
    }
    // Nothing else takes locks during the races (the lock waits are counted).
    await test.platform.executor.stop();
  });
  afterAll(() => test?.dispose());

  /**
   * Sessions waiting on a lock other than the erase (stopped at its `DELETE FROM run_events`) and the
   * memory writers that queue for the erase fence behind it (the episode of a finished run, ADR 0040).
   */
  async function requestsWaiting(): Promise<number> {
    const rows = await test.platform.database.sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock' AND query NOT ILIKE '%run_events%' AND query NOT ILIKE '%pg_advisory%'`,
    );
    return rows[0]!.n;
  }

  for (const [name, request] of Object.entries(requests)) {
    it(`a ${name} waiting for the erase of its run is not-found on runId once the erase commits, and writes nothing`, async () => {
      const { prisma } = test.platform.database;
      const origin = origins.get(name)!;
      const holder = await holdRowLock(test.platform.database, 'SELECT seq FROM run_events WHERE run_id = $1::uuid FOR UPDATE', origin);
      onTestFinished(() => holder.release());

      const erase = test.platform.erase.eraseRun(principal, { runId: origin });
      await expect.poll(() => sessionsWaitingOnLocks(test.platform.database, '%DELETE%run_events%'), { timeout: 60_000, interval: 100 }).toBe(1);
      // The erase holds the origin FOR UPDATE now: the request passes its reads, then waits for that lock.
      const made = request(origin).then(
        () => ({ kind: 'made' }),
        (error: { kind?: string; field?: string; message?: string }) => ({ kind: error.kind ?? `raw: ${error.message}`, field: error.field }),
      );
      await expect.poll(requestsWaiting, { timeout: 60_000, interval: 100 }).toBe(1);
      holder.release();
      await holder.done;

      expect((await erase).counts['runs']).toBe(1);
      expect(await made).toEqual({ kind: 'not-found', field: 'runId' });
      expect(await prisma.run.count({ where: { OR: [{ id: origin }, { retryOfRunId: origin }, { rerunOfRunId: origin }, { forkOfRunId: origin }] } })).toBe(0);
      expect(await prisma.runFeedback.count({ where: { tenantId: principal.tenantId, comment: 'a comment' } })).toBe(0);
    });
  }
});
