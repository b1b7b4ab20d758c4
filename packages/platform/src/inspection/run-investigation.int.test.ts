import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestPlatform, seedLongRun, type TestPlatform } from '../testing';

/**
 * The run page's investigation reads on a seeded 260-step run: tool steps 49, 149 and 249 failed,
 * model step 130 asked for approval and its call (step 131) was rejected by `seed-reviewer`.
 */
describe.each(databaseModes)('run investigation: step rows, filters, search, step detail (%s)', (mode) => {
  let test: TestPlatform;
  let viewer: Principal;
  let runId: string;

  beforeAll(async () => {
    test = await createTestPlatform(mode);
    const admin = (await test.platform.auth.authenticate(test.adminKey))!;
    viewer = (await test.platform.auth.authenticate((await test.platform.apiKeys.create(admin, { name: 'reader', role: 'viewer' })).key))!;
    ({ runId } = await seedLongRun(test.platform.database, { agentSlug: 'demo-researcher', steps: 260, failEvery: 100 }));
  }, 300_000);
  afterAll(() => test?.dispose());

  it('step rows name their tool calls and say which failed, which was rejected, and that cost is unknown', async () => {
    const { steps } = await test.platform.runSteps.list(viewer, { runId, cursor: 47, limit: 90 });
    const byIndex = new Map(steps.map((step) => [step.index, step]));
    expect(byIndex.get(48)).toMatchObject({ kind: 'model_call', toolCalls: [], hasError: false, approval: null, costUsd: null });
    expect(byIndex.get(49)).toMatchObject({ kind: 'tool_call', toolCalls: [{ name: 'plan_read', status: 'failed' }], hasError: true });
    expect(byIndex.get(51)).toMatchObject({ toolCalls: [{ name: 'plan_read', status: 'succeeded' }], hasError: false });
    expect(byIndex.get(130)?.status).toBe('approval-request');
    expect(byIndex.get(131)).toMatchObject({ toolCalls: [{ name: 'plan_read', status: 'rejected' }], approval: 'rejected', hasError: false });
  });

  it('filters steps on the server by error, approval, kind and tool, and counts what the run holds', async () => {
    const find = (filters: object) => test.platform.runStepFinder.find(viewer, { runId, ...filters }).then((found) => found.stepIndexes);
    expect(await find({ errors: true })).toEqual([49, 149, 249]);
    expect(await find({ approval: 'rejected' })).toEqual([131]);
    expect(await find({ approval: 'any' })).toEqual([131]);
    expect(await find({ approval: 'pending' })).toEqual([]);
    const toolSteps = await find({ kind: 'tool_call' });
    expect(toolSteps).toHaveLength(130);
    expect(toolSteps.every((index) => index % 2 === 1)).toBe(true);
    expect(await find({ toolName: 'plan_read', errors: true })).toEqual([49, 149, 249]);
    expect(await find({ toolName: 'web_search' })).toEqual([]);
    const facets = await test.platform.runStepFinder.facets(viewer, { runId });
    expect(facets).toMatchObject({ errorSteps: 3, approvalSteps: 1, tools: [{ name: 'plan_read', calls: 130 }] });
    expect(facets.kinds).toEqual([
      { kind: 'model_call', steps: 130 },
      { kind: 'tool_call', steps: 130 },
    ]);
    expect(facets.eventTypes).toContainEqual({ type: 'approval-decided', events: 1 });
  });

  it('searches messages, tool calls and events, in run order, with excerpts and honest truncation', async () => {
    const failed = await test.platform.runSearch.search(viewer, { runId, query: 'store UNAVAILABLE' });
    expect(failed.hits.map((hit) => [hit.source, hit.stepIndex])).toEqual([
      ['message', 49],
      ['tool-call', 49],
      ['message', 149],
      ['tool-call', 149],
      ['message', 249],
      ['tool-call', 249],
    ]);
    expect(failed.hits[1]).toMatchObject({ label: 'plan_read · failed', excerpt: 'Plan store unavailable at step 49' });
    const rejected = await test.platform.runSearch.search(viewer, { runId, query: 'allowlist', sources: ['tool-call', 'event'] });
    expect(rejected.hits.map((hit) => hit.source).sort()).toEqual(['event', 'tool-call']);
    const many = await test.platform.runSearch.search(viewer, { runId, query: 'Plan has', limit: 5 });
    expect(many.hits.filter((hit) => hit.source === 'message').map((hit) => hit.stepIndex)).toEqual([1, 3, 5, 7, 9]);
    expect(many.truncated.message).toBe(true);
    expect(many.truncated.event).toBe(false);
    // LIKE wildcards are literal: "%" matches a percent sign, not everything.
    expect((await test.platform.runSearch.search(viewer, { runId, query: '1%9' })).hits).toEqual([]);
    await expect(test.platform.runSearch.search(viewer, { runId, query: 'x' })).rejects.toMatchObject({ kind: 'validation', field: 'query' });
  });

  it('opens one step in full by index, by model call id and by ledger id, with the request folded to its tail', async () => {
    const detail = await test.platform.runStepDetails.get(viewer, { runId, step: 49 });
    expect(detail.step.index).toBe(49);
    expect(detail.request.total).toBe(49);
    expect(detail.request.messages.map((message) => message.index)).toEqual(Array.from({ length: 20 }, (_, offset) => 29 + offset));
    expect(detail.response).toMatchObject([{ role: 'tool', isError: true, content: 'Plan store unavailable at step 49' }]);
    expect(detail.toolCalls).toMatchObject([{ callId: 'call-48', error: { kind: 'tool-failed' }, children: [] }]);
    expect(detail.events.map((event) => event.type)).toEqual(['step-started', 'step-committed']);
    expect([detail.previousIndex, detail.nextIndex]).toEqual([48, 50]);

    // The first step's prompt (system, the user's input, a memory block) is its request, not its response (a
    // console audit found "0 messages sent" there, with the prompt listed under the answer): as the engine
    // writes it, those messages belong to step 1.
    const { prisma } = test.platform.database;
    const seeded = await prisma.run.findUniqueOrThrow({ where: { id: runId }, select: { tenantId: true, agentId: true, agentVersionId: true } });
    const fresh = await prisma.run.create({ data: { ...seeded, status: 'succeeded', input: { text: 'what is my pin' }, finishedAt: new Date() } });
    const firstStep = await prisma.step.create({ data: { tenantId: seeded.tenantId, runId: fresh.id, index: 1, kind: 'model_call', status: 'succeeded' } });
    const roles = ['system', 'user', 'user', 'assistant'] as const;
    await prisma.message.createMany({
      data: roles.map((role, index) => ({ tenantId: seeded.tenantId, runId: fresh.id, stepId: firstStep.id, index, role, content: `${role} ${index}` })),
    });
    const first = await test.platform.runStepDetails.get(viewer, { runId: fresh.id, step: 1 });
    expect(first.request.total).toBe(3);
    expect(first.request.messages.map((message) => message.content)).toEqual(['system 0', 'user 1', 'user 2']);
    expect(first.response.map((message) => message.content)).toEqual(['assistant 3']);

    expect((await test.platform.runStepDetails.get(viewer, { runId, call: 'call-48' })).step.index).toBe(49);
    expect((await test.platform.runStepDetails.get(viewer, { runId, call: detail.toolCalls[0]!.id })).step.index).toBe(49);
    await expect(test.platform.runStepDetails.get(viewer, { runId, step: 99_999 })).rejects.toMatchObject({ kind: 'not-found', field: 'step' });
    await expect(test.platform.runStepDetails.get(viewer, { runId, call: 'call-nope' })).rejects.toMatchObject({ kind: 'not-found', field: 'call' });
    await expect(test.platform.runStepDetails.get(viewer, { runId: crypto.randomUUID(), step: 1 })).rejects.toMatchObject({ kind: 'not-found', field: 'runId' });
  });

  it('nests a sub-agent’s calls under the delegating call, and shows the rejection with who and why', async () => {
    const { prisma } = test.platform.database;
    const parent = await prisma.toolCall.findFirstOrThrow({ where: { runId, callId: 'call-50' }, select: { id: true, stepId: true, tenantId: true } });
    await prisma.toolCall.create({
      data: {
        tenantId: parent.tenantId,
        runId,
        stepId: parent.stepId,
        callId: 'call-50/child-1',
        name: 'web_search',
        implementationId: 'builtin:web_search/v1',
        sideEffects: 'none',
        arguments: { query: 'nested' },
        status: 'succeeded',
        idempotencyKey: `${runId}:call-50/child-1`,
        parentToolCallId: parent.id,
        subAgent: 'researcher',
        childInstanceId: `${runId}/child-1`,
      },
    });
    const detail = await test.platform.runStepDetails.get(viewer, { runId, step: 51 });
    expect(detail.toolCalls).toHaveLength(1);
    expect(detail.toolCalls[0]).toMatchObject({ callId: 'call-50', children: [{ callId: 'call-50/child-1', delegation: { subAgent: 'researcher' } }] });

    const rejected = await test.platform.runStepDetails.get(viewer, { runId, step: 131 });
    expect(rejected.toolCalls[0]?.statusHistory.at(-1)).toMatchObject({ status: 'rejected', actor: 'seed-reviewer', reason: 'not on the allowlist' });
    expect(rejected.events.map((event) => event.type)).toEqual(['step-started', 'step-committed', 'approval-requested']);
  });

  it('filters tool calls by name and status, and events by type, in the database', async () => {
    const failedCalls = await test.platform.toolCalls.list(viewer, { runId, statuses: ['failed', 'rejected'] });
    expect(failedCalls.toolCalls.map((call) => call.callId)).toEqual(['call-48', 'call-130', 'call-148', 'call-248']);
    expect((await test.platform.toolCalls.list(viewer, { runId, name: 'web_search' })).toolCalls.map((call) => call.callId)).toEqual(['call-50/child-1']);
    const decided = await test.platform.runEvents.list(viewer, { runId, types: ['approval-decided', 'approval-requested'] });
    expect(decided.events.map((event) => event.type)).toEqual(['approval-requested', 'approval-decided']);
  });

  it('shows the agent version and that the cost is unknown; lists runs by version', async () => {
    const run = await test.platform.runs.get(viewer, { runId });
    expect(run.agentVersion).toBe(1);
    expect(run.usage.costKnown).toBe(false);
    expect((await test.platform.runs.list(viewer, { agentId: run.agentId, agentVersion: 1 })).runs.map((listed) => listed.id)).toContain(runId);
    expect((await test.platform.runs.list(viewer, { agentId: run.agentId, agentVersion: 2 })).runs).toEqual([]);
  });
});
