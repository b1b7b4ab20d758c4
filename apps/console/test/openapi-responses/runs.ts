import { randomUUID } from 'node:crypto';

import { expect, it } from 'vitest';

import { eventually } from '../support/api-client';
import { openEventStream } from '../support/event-stream-client';
import { call, runIsIn, record, validated, tenants, resources, server, validator } from './support';

/** Runs, their approvals and their inspection. */
export function describeRunResponses(): void {
  it('runs: list, create (and its idempotent replay), read, compare, re-run', async () => {
    await call('listRuns', '/api/v1/runs');
    const idempotencyKey = randomUUID();
    const body = { agentId: resources.agentId, input: `${resources.marker} again` };
    const created = await call<{ id: string }>('createRun', '/api/v1/runs', { body, headers: { 'Idempotency-Key': idempotencyKey } });
    const replayed = await call<{ id: string }>('createRun', '/api/v1/runs', { body, headers: { 'Idempotency-Key': idempotencyKey } });
    expect(replayed.id).toBe(created.id);
    expect(validated.get('createRun')).toEqual(new Set(['201 application/json', '200 application/json']));
    await eventually(runIsIn(created.id, ['succeeded']));
    await call('compareRuns', `/api/v1/runs/${resources.finishedRunId}/compare?with=${created.id}`);
    await call('rerunRun', `/api/v1/runs/${resources.finishedRunId}/rerun`, { body: {} });
  });

  it('approvals: list, decide; cancel, retry (and asking again) of a paused run', async () => {
    const { approvals } = await call<{ approvals: unknown[] }>('listApprovals', `/api/v1/approvals?runId=${resources.runId}`);
    expect(approvals.length).toBeGreaterThan(0);
    await call('decideApproval', `/api/v1/approvals/${resources.approvalId}/decision`, { body: { decision: 'reject', reason: 'not now' } });

    const operatorAgent = tenants.tenantA.agentIds['demo-operator']!;
    const paused = await call<{ id: string }>('createRun', '/api/v1/runs', { body: { agentId: operatorAgent, input: 'restart the service' } });
    await eventually(runIsIn(paused.id, ['waiting_human']));
    await call('cancelRun', `/api/v1/runs/${paused.id}/cancel`);
    await eventually(runIsIn(paused.id, ['cancelled']));
    await call('retryRun', `/api/v1/runs/${paused.id}/retry`);
    await call('retryRun', `/api/v1/runs/${paused.id}/retry`);
    expect(validated.get('retryRun')).toEqual(new Set(['201 application/json', '200 application/json']));
  });

  it('resume of a run paused by a budget whose policy is pause', async () => {
    const agentId = tenants.tenantA.agentIds['demo-operator']!;
    await call('setBudget', '/api/v1/budgets', { body: { agentId, period: 'daily', maxTokens: 1, onExceeded: 'pause' } });
    const paused = await call<{ id: string }>('createRun', '/api/v1/runs', { body: { agentId, input: 'check the disk' } });
    await eventually(async () => ((await call<{ budgetPause: unknown }>('getRun', `/api/v1/runs/${paused.id}`)).budgetPause ? true : undefined));
    await call('setBudget', '/api/v1/budgets', { body: { agentId, period: 'daily', maxTokens: 100_000_000, onExceeded: 'pause' } });
    await call('resumeRun', `/api/v1/runs/${paused.id}/resume`);
    await call('removeBudget', `/api/v1/budgets?period=daily&agentId=${agentId}`);
  });

  it('run inspection: events as JSON and as a stream, messages, steps, one step, search', async () => {
    const run = resources.finishedRunId;
    const page = await call<{ events: unknown[] }>('streamRunEvents', `/api/v1/runs/${run}/events?format=json`);
    expect(page.events.length).toBeGreaterThan(0);

    const stream = await openEventStream(`${server.baseUrl}/api/v1/runs/${run}/events`, { Authorization: `Bearer ${tenants.tenantA.keys.admin}` });
    expect(stream.status).toBe(200);
    const contentType = (stream.response.headers.get('content-type') ?? '').split(';')[0]!;
    let frames = 0;
    // A finished run's stream replays its log and closes after `run-finished`.
    for await (const frame of stream.frames) {
      expect(validator.problems('streamRunEvents', 200, contentType, JSON.parse(frame.data)), frame.data).toEqual([]);
      frames += 1;
    }
    expect(frames).toBe(page.events.length);
    record('streamRunEvents', 200, contentType);

    await call('listRunMessages', `/api/v1/runs/${run}/messages`);
    const { steps } = await call<{ steps: { index: number }[] }>('listRunSteps', `/api/v1/runs/${run}/steps`);
    expect(steps.length).toBeGreaterThan(0);
    await call('findRunSteps', `/api/v1/runs/${run}/steps/find?kind=model_call`);
    await call('getRunStep', `/api/v1/runs/${run}/steps/${steps[0]!.index}`);
    const search = await call<{ hits: unknown[] }>('searchRun', `/api/v1/runs/${run}/search?q=${encodeURIComponent(resources.marker)}`);
    expect(search.hits.length).toBeGreaterThan(0);
  });
}
