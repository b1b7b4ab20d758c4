import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTenantAdmin, createTestAgent, createTestPlatform, type TestPlatform } from '../testing';

describe.each(databaseModes)('run feedback: outcomes and rewards (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let other: Principal;
  let agentId: string;

  beforeAll(async () => {
    test = await createTestPlatform(mode);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    other = await createTenantAdmin(test, { slug: 'feedback-other' });
    agentId = await createTestAgent(test.platform.database, { tenantId: principal.tenantId, slug: 'feedback', config: { instructions: 'Answer.', demoScript: { replies: [{ text: 'The answer is 42.' }] } } });
    await test.platform.executor.start();
  });
  afterAll(() => test?.dispose());

  async function finishedRun(input: string) {
    const { run } = await test.platform.runs.create(principal, { agentId, agentVersion: 1, input });
    await expect.poll(async () => (await test.platform.runs.get(principal, { runId: run.id })).status, { timeout: 60_000 }).toBe('succeeded');
    return run.id;
  }

  it('records entries on a run and a step with who and why, keeps every one in order, and aggregates them per version', async () => {
    const runId = await finishedRun('What is the answer?');
    const step = await test.platform.database.prisma.step.findFirstOrThrow({ where: { runId }, select: { index: true } });
    const first = await test.platform.feedback.record(principal, { runId, label: 'resolved', reward: 1, comment: 'customer confirmed it' });
    expect(first).toMatchObject({ runId, stepIndex: null, label: 'resolved', reward: 1, source: 'api', actor: { type: 'api_key', id: principal.apiKeyId, name: principal.apiKeyName } });
    await test.platform.feedback.record({ ...principal, sessionId: 'console-session' }, { runId, stepIndex: step.index, reward: 0 });
    const listed = await test.platform.feedback.listForRun(principal, { runId });
    expect(listed.map((entry) => [entry.label, entry.reward, entry.stepIndex, entry.source])).toEqual([
      ['resolved', 1, null, 'api'],
      [null, 0, step.index, 'console'],
    ]);
    const [version] = await test.platform.feedback.aggregateByVersion(principal, { agentId });
    expect(version).toMatchObject({ version: 1, entries: 2, rewardCount: 2, meanReward: 0.5, minReward: 0, maxReward: 1, labels: { resolved: 1 } });
    // Audited by reference: the record names the entry, never the comment.
    const audit = await test.platform.database.prisma.auditLog.findMany({ where: { tenantId: principal.tenantId, action: 'run.feedback', targetId: runId } });
    expect(audit).toHaveLength(2);
    expect(JSON.stringify(audit)).not.toContain('customer confirmed');
  });

  it('refuses feedback without a label or reward, a bad reward, a missing step, and a viewer, naming the field', async () => {
    const runId = await finishedRun('Again?');
    await expect(test.platform.feedback.record(principal, { runId, comment: 'no verdict' })).rejects.toMatchObject({ kind: 'validation', field: 'label' });
    await expect(test.platform.feedback.record(principal, { runId, reward: 'high' })).rejects.toMatchObject({ kind: 'validation', field: 'reward' });
    await expect(test.platform.feedback.record(principal, { runId, reward: 1, stepIndex: 99 })).rejects.toMatchObject({ kind: 'not-found', field: 'stepIndex' });
    await expect(test.platform.feedback.record({ ...principal, role: 'viewer' }, { runId, reward: 1 })).rejects.toMatchObject({ kind: 'forbidden' });
    expect(await test.platform.feedback.listForRun(principal, { runId })).toEqual([]);
  });

  it("keeps tenants apart: another tenant's run and agent are not found, for reads and writes", async () => {
    const runId = await finishedRun('Secret question');
    await test.platform.feedback.record(principal, { runId, label: 'resolved' });
    await expect(test.platform.feedback.listForRun(other, { runId })).rejects.toMatchObject({ kind: 'not-found', field: 'runId' });
    await expect(test.platform.feedback.record(other, { runId, reward: -1 })).rejects.toMatchObject({ kind: 'not-found', field: 'runId' });
    await expect(test.platform.feedback.aggregateByVersion(other, { agentId })).rejects.toMatchObject({ kind: 'not-found', field: 'agentId' });
  });

  it("carries feedback into the run's episode memory and into dataset cases; erasing the run clears the comment and keeps the reward in the aggregate", async () => {
    const runId = await finishedRun('Where is my parcel?');
    const episode = () => test.platform.database.prisma.memoryItem.findFirst({ where: { key: `episode:${runId}`, supersededById: null }, select: { content: true, metadata: true } });
    await expect.poll(async () => (await episode()) !== null, { timeout: 60_000 }).toBe(true);
    await test.platform.feedback.record(principal, { runId, label: 'wrong-answer', reward: -1, comment: 'it was in Lyon' });
    // The entry marks the run's episode pending again: the rewritten episode carries the feedback.
    await expect.poll(async () => (await episode())?.metadata, { timeout: 60_000 }).toMatchObject({ feedbackLabel: 'wrong-answer', meanReward: -1, feedbackEntries: 1 });
    expect((await episode())!.content).toContain('Feedback:\n- wrong-answer, reward -1 (api): "it was in Lyon"');

    await test.platform.datasets.create(principal, { name: `feedback-${mode}` });
    await test.platform.datasets.addRuns(principal, { name: `feedback-${mode}`, runIds: [runId] });
    const stored = await test.platform.database.prisma.evalCase.findFirstOrThrow({ where: { sourceRunId: runId }, select: { feedback: true } });
    expect(stored.feedback).toMatchObject([{ label: 'wrong-answer', reward: -1, comment: 'it was in Lyon', source: 'api' }]);

    const before = (await test.platform.feedback.aggregateByVersion(principal, { agentId }))[0]!;
    const receipt = await test.platform.erase.eraseRun(principal, { runId });
    expect(receipt.counts).toMatchObject({ run_feedback_redacted: 1 });
    const rows = await test.platform.database.prisma.runFeedback.findMany({ where: { tenantId: principal.tenantId, label: 'wrong-answer' } });
    expect(rows.map((row) => [row.runId, row.comment, row.reward])).toEqual([[null, '', -1]]);
    expect((await test.platform.feedback.aggregateByVersion(principal, { agentId }))[0]).toMatchObject({ entries: before.entries, meanReward: before.meanReward });
  });
});
