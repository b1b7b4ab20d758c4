import { randomUUID } from 'node:crypto';

import { expect, it } from 'vitest';

import { eventually } from '../support/api-client';
import { call, runIsIn, validated, tenants, resources } from './support';

/** Agent versions, durable waits, forks and bulk approval decisions. */
export function describeAgentLifecycleResponses(): void {
  it('agents: create, save a version (new and unchanged), archive, unarchive', async () => {
    const config = { demoScript: { replies: [{ text: 'Done.' }] } };
    const agent = await call<{ id: string }>('createAgent', '/api/v1/agents', { body: { slug: `openapi-${randomUUID().slice(0, 8)}`, name: 'OpenAPI agent', config } });
    const next = { demoScript: { replies: [{ text: 'Done, again.' }] } };
    const saved = await call<{ created: boolean }>('saveAgentVersion', `/api/v1/agents/${agent.id}/versions`, { body: { config: next } });
    expect(saved.created).toBe(true);
    const unchanged = await call<{ created: boolean }>('saveAgentVersion', `/api/v1/agents/${agent.id}/versions`, { body: { config: next } });
    expect(unchanged.created).toBe(false);
    expect(validated.get('saveAgentVersion')).toEqual(new Set(['201 application/json', '200 application/json']));
    await call('archiveAgent', `/api/v1/agents/${agent.id}/archive`);
    await call('unarchiveAgent', `/api/v1/agents/${agent.id}/archive`);
  });

  it('durable waits: a run parked on wait_for_event lists its wait, takes the delivered event and ends', async () => {
    const correlationKey = `openapi-${randomUUID().slice(0, 8)}`;
    const config = {
      builtinTools: ['wait_for_event'],
      completion: { verify: false, requireToolEvidence: false },
      demoScript: {
        replies: [
          { whenTaskIncludes: 'await', text: 'Waiting.', toolCalls: [{ name: 'wait_for_event', arguments: { correlationKey } }] },
          { whenTaskIncludes: 'await', text: 'Got it.', toolCalls: [] },
        ],
      },
    };
    const agent = await call<{ id: string }>('createAgent', '/api/v1/agents', { body: { slug: `openapi-wait-${randomUUID().slice(0, 8)}`, name: 'OpenAPI waiter', config } });
    const run = await call<{ id: string }>('createRun', '/api/v1/runs', { body: { agentId: agent.id, input: 'await the order' } });
    await eventually(runIsIn(run.id, ['waiting']));
    await call('listRunWaits', `/api/v1/runs/${run.id}/waits`);
    await call('deliverEvent', '/api/v1/events', { body: { correlationKey, payload: { paid: true } } });
    await eventually(runIsIn(run.id, ['succeeded']));
  });

  it('runs: fork a finished run from a checkpoint', async () => {
    const fork = await call<{ id: string; forkOf: unknown }>('forkRun', `/api/v1/runs/${resources.finishedRunId}/fork`, {
      body: { stepIndex: resources.checkpointSeq, appendMessage: 'and once more' },
    });
    expect(fork.forkOf).toEqual({ runId: resources.finishedRunId, stepIndex: resources.checkpointSeq });
    const source = await call<{ forks: unknown[] }>('getRun', `/api/v1/runs/${resources.finishedRunId}`);
    expect(source.forks).toContainEqual({ runId: fork.id, stepIndex: resources.checkpointSeq });
  });

  it('approvals: a bulk decision with one decided and one refused outcome', async () => {
    const operatorAgent = tenants.tenantA.agentIds['demo-operator']!;
    const paused = await call<{ id: string }>('createRun', '/api/v1/runs', { body: { agentId: operatorAgent, input: 'restart the other service' } });
    const pending = await eventually(async () => {
      const page = await call<{ approvals: { id: string }[] }>('listApprovals', `/api/v1/approvals?runId=${paused.id}&status=pending`);
      return page.approvals[0];
    });
    const { outcomes } = await call<{ outcomes: { outcome: string }[] }>('decideApprovals', '/api/v1/approvals/decisions', {
      body: { approvalIds: [pending.id, randomUUID()], decision: 'reject', reason: 'not now' },
    });
    expect(outcomes.map((outcome) => outcome.outcome)).toEqual(['decided', 'refused']);
  });
}
