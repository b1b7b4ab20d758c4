import { randomUUID } from 'node:crypto';

import { expect, it } from 'vitest';

import { eventually } from '../support/api-client';
import { call, resources } from './support';

/** Feedback, datasets and experiments. */
export function describeEvaluationResponses(): void {
  it('feedback: record on a run and a step, list it, aggregate it per version', async () => {
    await call('recordRunFeedback', `/api/v1/runs/${resources.finishedRunId}/feedback`, { body: { label: 'resolved', reward: 1, comment: 'openapi' } });
    const { feedback } = await call<{ feedback: unknown[] }>('listRunFeedback', `/api/v1/runs/${resources.finishedRunId}/feedback`);
    expect(feedback.length).toBeGreaterThan(0);
    await call('getAgentFeedback', `/api/v1/agents/${resources.agentId}/feedback?includeScorers=true`);
  });

  it('evaluations: datasets (create, list, read, add runs, import JSONL) and an experiment replaying them', async () => {
    const name = `openapi-${randomUUID().slice(0, 8)}`;
    await call('createDataset', '/api/v1/datasets', { body: { name } });
    await call('addDatasetRuns', `/api/v1/datasets/${name}/runs`, { body: { runIds: [resources.finishedRunId] } });
    await call('importDatasetCases', `/api/v1/datasets/${name}/cases`, { body: { jsonl: JSON.stringify({ input: 'hand-written', expectedOutput: 'done' }) } });
    await call('listDatasets', '/api/v1/datasets');
    await call('getDataset', `/api/v1/datasets/${name}`);
    const { agentVersion } = await call<{ agentVersion: number }>('getRun', `/api/v1/runs/${resources.finishedRunId}`);
    const created = await call<{ id: string }>('createExperiment', '/api/v1/experiments', { body: { dataset: name, agentId: resources.agentId, agentVersion, scorers: [{ type: 'contains', text: 'x' }] } });
    await eventually(async () => ((await call<{ status: string }>('getExperiment', `/api/v1/experiments/${created.id}`)).status === 'completed' ? true : undefined));
  });
}
