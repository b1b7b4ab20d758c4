import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import type { Principal } from '../auth/roles';
import { completedExperiment } from '../evaluations/experiment-test-helpers';
import { createTestAgent, createTestPlatform, silentLogger, type TestPlatform } from '../testing';

/**
 * An erase takes the replay runs of the cases recorded from the erased runs, finished ones too (ADR
 * 0104); only a queued or running replay refuses it. An experiment is scored when it is read, so one
 * whose replays had finished but was not read yet then completed on the cases left, and its summary
 * read as a verdict on every case. The erase now counts, per experiment and in its own transaction,
 * the replay runs it deletes (`erasedCases`), and the experiment's view reports it.
 */
describe.each(databaseModes)('erase of finished replays an experiment has not scored yet (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;
  /**
   * Runs executed in `beforeAll`, oldest first (none read a later one), before the executor stopped:
   * the replays the tests queue stay queued until a test marks them finished.
   */
  let recorded: Record<'kept' | 'erased' | 'keptToo' | 'erasedLater' | 'replayed', { id: string }>;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger, { executor: { pollMs: 100 } });
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: 'talker',
      config: { instructions: 'Chat.', completion: { verify: false, requireToolEvidence: false }, demoScript: { replies: [{ text: 'Noted.' }] } },
    });
    const finished = async (input: string) => {
      const { run } = await test.platform.runs.create(principal, { agentId, input });
      await vi.waitFor(async () => expect((await test.platform.runs.get(principal, { runId: run.id })).status).toBe('succeeded'), {
        timeout: 60_000,
        interval: 50,
      });
      return run;
    };
    await test.platform.executor.start();
    recorded = {
      kept: await finished('what is the weather like?'),
      erased: await finished('my secret is 1234'),
      keptToo: await finished('tell me a joke'),
      erasedLater: await finished('my pin is 9876'),
      replayed: await finished('my locker code is 4321'),
    };
    await test.platform.executor.stop();
  }, 300_000);
  afterAll(() => test?.dispose());

  /** Starts an experiment on the dataset (its replays queued: no executor runs) and returns its id and replay run ids. */
  const startExperiment = async (dataset: string) => {
    const experiment = await test.platform.experiments.create(principal, { dataset, agentId, agentVersion: 1 });
    return { experimentId: experiment.id, replayIds: experiment.results.map((result) => result.runId) };
  };
  const datasetOf = async (dataset: string, runIds: string[]) => {
    await test.platform.datasets.create(principal, { name: dataset });
    await test.platform.datasets.addRuns(principal, { name: dataset, runIds });
  };
  /** As the executor's last commit leaves a replay, without the score: scoring is left to the experiment's next read. */
  const finish = (replayIds: string[]) =>
    test.platform.database.prisma.run.updateMany({ where: { id: { in: replayIds } }, data: { status: 'succeeded', finishedAt: new Date() } });

  it('a finished replay not scored yet goes with the erase; the experiment read afterwards completes on the case left and counts the erased one', async () => {
    const { prisma } = test.platform.database;
    const { kept, erased } = recorded;
    await datasetOf('finished-replays', [kept.id, erased.id]);
    // Two experiments replay the erased case: each counts its own replay. A third replays only the kept run.
    const first = await startExperiment('finished-replays');
    const second = await startExperiment('finished-replays');
    await datasetOf('untouched-replays', [kept.id]);
    const untouched = await startExperiment('untouched-replays');
    await finish([...first.replayIds, ...second.replayIds, ...untouched.replayIds]);
    expect(await prisma.evalExperiment.count({ where: { id: { in: [first.experimentId, second.experimentId] }, status: 'running' } })).toBe(2);

    const receipt = await test.platform.erase.eraseRun(principal, { runId: erased.id });

    // The erased run and its two replays; nothing refused, as none was queued or running.
    expect(receipt.counts).toMatchObject({ runs: 3, eval_cases: 1 });
    for (const { experimentId } of [first, second]) {
      const view = await completedExperiment(test, principal, experimentId);
      expect(view.erasedCases).toBe(1);
      expect(view.summary?.cases).toBe(1);
      expect(view.results.map((result) => result.sourceRunId)).toEqual([kept.id]);
    }
    expect((await completedExperiment(test, principal, untouched.experimentId)).erasedCases).toBe(0);
  });

  it('a completed experiment keeps the summary it was given; erasedCases counts the case its results no longer list', async () => {
    const { keptToo, erasedLater } = recorded;
    await datasetOf('completed-replays', [keptToo.id, erasedLater.id]);
    const { experimentId, replayIds } = await startExperiment('completed-replays');
    await finish(replayIds);
    const before = await completedExperiment(test, principal, experimentId);
    expect(before).toMatchObject({ erasedCases: 0, summary: { cases: 2 } });

    await test.platform.erase.eraseRun(principal, { runId: erasedLater.id });

    const after = await test.platform.experiments.get(principal, { experimentId });
    expect(after.summary).toEqual(before.summary);
    expect(after.erasedCases).toBe(1);
    expect(after.results.map((result) => result.sourceRunId)).toEqual([keptToo.id]);
  });

  it('a replay run erased by its own id counts for its experiment', async () => {
    const { replayed } = recorded;
    await datasetOf('erased-replay-run', [replayed.id]);
    const { experimentId, replayIds } = await startExperiment('erased-replay-run');
    await finish(replayIds);

    await test.platform.erase.eraseRun(principal, { runId: replayIds[0]! });

    const view = await completedExperiment(test, principal, experimentId);
    expect(view).toMatchObject({ erasedCases: 1, results: [], summary: { cases: 0 } });
  });
});
