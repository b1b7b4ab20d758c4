import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestAgent, createTestPlatform, holdRowLock, sessionsWaitingOnLocks, silentLogger, type TestPlatform } from '../testing';

/**
 * Starting an experiment copies its dataset's cases into replay runs. Found by the replay audit: the
 * cases were read before the transaction, so an erase of a case's source run committed in between
 * failed the insert on a foreign key (an internal error, 500). The cases are now read again behind
 * the erase fence. Server only: a third transaction holds the run's event rows, so the erase stops
 * after deleting the case and before it commits.
 */
describe('an experiment started while a case of its dataset is erased (server)', () => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;

  beforeAll(async () => {
    test = await createTestPlatform('server', silentLogger, { executor: { pollMs: 100 } });
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: 'talker',
      config: { instructions: 'Chat.', completion: { verify: false, requireToolEvidence: false }, demoScript: { replies: [{ text: 'Noted.' }] } },
    });
    await test.platform.executor.start();
  }, 300_000);
  afterAll(() => test?.dispose());

  it('waits for the erase and answers that the dataset has no cases left, creating nothing', async () => {
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'to be erased' });
    await expect.poll(async () => (await test.platform.runs.get(principal, { runId: run.id })).status, { timeout: 60_000 }).toBe('succeeded');
    await test.platform.datasets.create(principal, { name: 'erased-case' });
    await test.platform.datasets.addRuns(principal, { name: 'erased-case', runIds: [run.id] });

    const holder = await holdRowLock(test.platform.database, 'SELECT seq FROM run_events WHERE run_id = $1::uuid FOR UPDATE', run.id);
    const erase = test.platform.erase.eraseRun(principal, { runId: run.id });
    await expect.poll(() => sessionsWaitingOnLocks(test.platform.database, '%DELETE%run_events%'), { timeout: 60_000 }).toBeGreaterThan(0);
    const experiment = test.platform.experiments.create(principal, { dataset: 'erased-case', agentId, agentVersion: 1 }).then(
      () => 'created',
      (error: { kind?: string; field?: string }) => ({ kind: error.kind ?? 'internal', field: error.field }),
    );
    await expect.poll(() => sessionsWaitingOnLocks(test.platform.database, '%pg_advisory_xact_lock_shared%'), { timeout: 60_000 }).toBeGreaterThan(0);
    holder.release();
    await holder.done;
    expect((await erase).counts['eval_cases']).toBe(1);
    expect(await experiment).toEqual({ kind: 'validation', field: 'dataset' });
    expect(await test.platform.database.prisma.evalExperiment.count()).toBe(0);
  });
});
