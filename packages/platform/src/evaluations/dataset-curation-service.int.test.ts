import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestAgent, createTestPlatform, type TestPlatform } from '../testing';

describe.each(databaseModes)('dataset curation (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;
  let otherAgentId: string;

  beforeAll(async () => {
    test = await createTestPlatform(mode);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    const config = { instructions: 'Answer.', demoScript: { replies: [{ text: 'Done.' }] } };
    agentId = await createTestAgent(test.platform.database, { tenantId: principal.tenantId, slug: 'curated', config });
    otherAgentId = await createTestAgent(test.platform.database, { tenantId: principal.tenantId, slug: 'elsewhere', config });
    await test.platform.executor.start();
  });
  afterAll(() => test?.dispose());

  async function finishedRun(input: string, agent = agentId) {
    const { run } = await test.platform.runs.create(principal, { agentId: agent, input });
    await expect.poll(async () => (await test.platform.runs.get(principal, { runId: run.id })).status, { timeout: 60_000 }).toBe('succeeded');
    return run.id;
  }

  it('adds the finished runs a filter matches, never an experiment replay, then edits and deletes cases under new versions', async () => {
    const name = `curated-${mode}`;
    const [first, second] = [await finishedRun('First question'), await finishedRun('Second question')];
    await finishedRun('Not this agent', otherAgentId);
    await test.platform.datasets.create(principal, { name });
    const added = await test.platform.datasetCuration.addMatchingRuns(principal, { name, filter: { agentId, limit: 50 }, labels: ['smoke'] });
    expect(added).toMatchObject({ version: 2, caseCount: 2 });
    const dataset = await test.platform.datasets.get(principal, { name });
    // Newest first, as the runs list shows them.
    expect(dataset.cases.map((testCase) => testCase.sourceRunId)).toEqual([second, first]);

    const experiment = await test.platform.experiments.create(principal, { dataset: name, agentId, agentVersion: 1 });
    await expect.poll(async () => (await test.platform.experiments.get(principal, { experimentId: experiment.id })).status, { timeout: 60_000 }).toBe('completed');
    // The two replays are finished runs of the agent too, but replaying a replay records nothing new.
    await test.platform.datasets.create(principal, { name: `${name}-again` });
    await expect(test.platform.datasetCuration.addMatchingRuns(principal, { name: `${name}-again`, filter: { agentId, limit: 50 } })).resolves.toMatchObject({ caseCount: 2 });
    await expect(test.platform.datasetCuration.addMatchingRuns(principal, { name, filter: { agentId, status: 'running', limit: 50 } })).rejects.toMatchObject({ kind: 'validation', field: 'filter.status' });

    const listed = await test.platform.datasetCuration.experiments(principal, { name });
    expect(listed).toEqual([expect.objectContaining({ id: experiment.id, status: 'completed', cases: 2, scored: 2, datasetVersion: 2, agentVersion: 1 })]);

    const [caseA, caseB] = dataset.cases;
    const edited = await test.platform.datasetCuration.updateCase(principal, { name, caseId: caseA!.id, expectedOutput: 'Done.', labels: ['smoke', 'smoke', 'edited'] });
    expect(edited).toMatchObject({ expectedOutput: 'Done.', labels: ['smoke', 'edited'], datasetVersion: 3 });
    await expect(test.platform.datasetCuration.updateCase(principal, { name, caseId: caseA!.id })).rejects.toMatchObject({ kind: 'validation' });

    // Both cases were replayed by the experiment: deleting one would rewrite its reported results.
    await expect(test.platform.datasetCuration.deleteCase(principal, { name, caseId: caseB!.id })).rejects.toMatchObject({ kind: 'conflict', field: 'caseId' });
    const fresh = await test.platform.datasetCuration.addMatchingRuns(principal, { name, filter: { agentId, search: 'First question', limit: 50 }, limit: 1 });
    expect(fresh).toMatchObject({ version: 4, caseCount: 3 });
    const unreplayed = (await test.platform.datasets.get(principal, { name })).cases.at(-1)!;
    await expect(test.platform.datasetCuration.deleteCase(principal, { name, caseId: unreplayed.id })).resolves.toMatchObject({ version: 5, caseCount: 2 });
    await expect(test.platform.datasetCuration.deleteCase(principal, { name, caseId: unreplayed.id })).rejects.toMatchObject({ kind: 'not-found', field: 'caseId' });
  });

  it('lets a viewer read experiments but not change cases', async () => {
    const name = `viewer-${mode}`;
    await test.platform.datasets.create(principal, { name });
    const viewer: Principal = { ...principal, role: 'viewer' };
    await expect(test.platform.datasetCuration.experiments(viewer, { name })).resolves.toEqual([]);
    await expect(test.platform.datasetCuration.addMatchingRuns(viewer, { name })).rejects.toMatchObject({ kind: 'forbidden' });
  });
});
