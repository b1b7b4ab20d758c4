import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestAgent, createTestPlatform, type TestPlatform } from '../testing';

describe.each(databaseModes)('an experiment scored against a baseline started with it (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;

  beforeAll(async () => {
    test = await createTestPlatform(mode);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = await createTestAgent(test.platform.database, { tenantId: principal.tenantId, slug: 'answers', config: { instructions: 'Answer.', demoScript: { replies: [{ text: 'Paris.' }] } } });
    // Version 2 answers otherwise: its output no longer equals the recording.
    await test.platform.database.prisma.agentVersion.create({
      data: { tenantId: principal.tenantId, agentId, version: 2, configHash: 'test-answers-2', config: { instructions: 'Answer tersely.', demoScript: { replies: [{ text: 'Lyon.' }] } } },
    });
    await test.platform.executor.start();
  });
  afterAll(() => test?.dispose());

  it('scores the baseline first and judges every case against its verdict, even when only the new experiment is read', async () => {
    const { run } = await test.platform.runs.create(principal, { agentId, agentVersion: 1, input: 'Capital of France?' });
    await expect.poll(async () => (await test.platform.runs.get(principal, { runId: run.id })).status, { timeout: 60_000 }).toBe('succeeded');
    const name = `baseline-${mode}`;
    await test.platform.datasets.create(principal, { name });
    await test.platform.datasets.addRuns(principal, { name, runIds: [run.id] });
    const scorers = [{ type: 'exact' }];

    // Both queued at once, as the console does for "compare with the lowest selected version"; nobody reads the baseline.
    const baseline = await test.platform.experiments.create(principal, { dataset: name, agentId, agentVersion: 1, scorers });
    const changed = await test.platform.experiments.create(principal, { dataset: name, agentId, agentVersion: 2, scorers, baselineExperimentId: baseline.id });
    await expect.poll(async () => (await test.platform.experiments.get(principal, { experimentId: changed.id })).status, { timeout: 60_000 }).toBe('completed');

    const view = await test.platform.experiments.get(principal, { experimentId: changed.id });
    expect(view.summary).toMatchObject({ cases: 1, passed: 0, regressions: 1, baselinePassRate: 1 });
    expect(view.results[0]).toMatchObject({ status: 'failed', regression: true });
    expect((view.results[0]!.deltas as { vsBaseline: unknown }).vsBaseline).toMatchObject({ baselineStatus: 'passed', scores: { exact: -1 } });
  });
});
