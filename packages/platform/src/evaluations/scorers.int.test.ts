import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestAgent, createTestPlatform, type TestPlatform } from '../testing';
import type { ExperimentView } from './experiment-view';
import { defineScorer } from './scoring/custom-scorer';
import { completedExperiment } from './experiment-test-helpers';

/** Custom scorers as a deployment would load them from AGENTLOOM_SCORER_MODULES. */
const scorers = [
  defineScorer({
    name: 'mentions-order',
    description: 'The answer names the order in options.order.',
    score: (input) => {
      const order = String(input.options.order);
      const found = (input.output ?? '').includes(order);
      return { passed: found, value: found ? 1 : 0, explanation: found ? `names ${order}` : `does not name ${order}` };
    },
  }),
  defineScorer({ name: 'broken', description: 'Always throws.', score: () => Promise.reject(new Error('scorer bug')) }),
];

describe.each(databaseModes)('judge, memory and custom scorers (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;
  let judgeId: string;

  beforeAll(async () => {
    test = await createTestPlatform(mode, undefined, { scorers });
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = await createTestAgent(test.platform.database, { tenantId: principal.tenantId, slug: 'answers', config: { instructions: 'Answer.', demoScript: { replies: [{ text: 'Order A1 refunded.' }] } } });
    // The judge is an agent version; without a model it plays its demo script (offline and deterministic).
    judgeId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: 'judge',
      config: { instructions: 'Judge.', demoScript: { replies: [{ text: '{"score": 0.75, "explanation": "Confirms the refund but gives no amount."}' }] } },
    });
    await test.platform.executor.start();
  });
  afterAll(() => test?.dispose());

  async function completed(experiment: ExperimentView): Promise<ExperimentView> {
    return completedExperiment(test, principal, experiment.id);
  }

  it('stores every score with its explanation: a judge through the gateway, a superseded recall, a missed memory, custom scorers; the verdict becomes the replay run’s feedback', async () => {
    const scope = { level: 'agent' as const, id: agentId };
    const old = await test.platform.memory.store(principal, { scope, kind: 'fact', key: 'customer.city', content: 'The customer lives in Paris.' });
    await test.platform.memory.store(principal, { scope, kind: 'fact', key: 'customer.city', content: 'The customer lives in Lyon.' });
    const language = await test.platform.memory.store(principal, { scope, kind: 'fact', key: 'customer.language', content: 'The customer writes French.' });
    const name = `scored-${mode}`;
    await test.platform.datasets.create(principal, { name });
    const memoryInjections = [
      { id: old.id, kind: 'fact', key: 'customer.city', content: 'The customer lives in Paris.' },
      { id: language.id, kind: 'fact', key: 'customer.language', content: 'The customer writes French.' },
    ];
    await test.platform.datasets.importCases(principal, { name, jsonl: JSON.stringify({ input: 'Refund A1', expectedOutput: 'Order A1 refunded.', memoryInjections }) });

    const view = await completed(
      await test.platform.experiments.create(principal, {
        dataset: name,
        agentId,
        agentVersion: 1,
        scorers: [
          { type: 'llm-judge', rubric: 'Does the answer confirm the refund and its amount?', judgeAgentId: judgeId, judgeAgentVersion: 1, passThreshold: 0.7 },
          { type: 'memory-superseded' },
          { type: 'memory-expected', keys: ['customer.language', 'customer.email'] },
          { type: 'custom', name: 'mentions-order', options: { order: 'A1' } },
          { type: 'custom', name: 'broken' },
        ],
      }),
    );
    const result = view.results[0]!;
    expect(result.scores.map((score) => [score.scorer, score.passed, score.value])).toEqual([
      ['llm-judge', true, 0.75],
      ['memory-superseded', false, 0.5],
      ['memory-expected', false, 0.5],
      ['custom:mentions-order', true, 1],
      ['custom:broken', false, 0],
      ['tool-sequence', null, 1],
      ['usage-delta', null, expect.any(Number) as unknown],
    ]);
    expect(result.scores[0]!.explanation).toBe('judge: 0.75 (≥ 0.7): Confirms the refund but gives no amount.');
    expect(result.scores[1]!.explanation).toMatch(/^recalled superseded memory: customer\.city \("The customer lives in Paris\.", superseded by [0-9a-f-]{36}\)$/);
    expect(result.scores[2]!.explanation).toBe('missed expected memory: key customer.email');
    expect(result.scores[4]!.explanation).toBe('the scorer failed: scorer bug');
    expect(result).toMatchObject({ status: 'failed', failureReason: result.scores[1]!.explanation });

    const feedback = await test.platform.feedback.listForRun(principal, { runId: result.runId });
    expect(feedback).toMatchObject([{ label: 'failed', source: 'scorer', actor: { type: 'scorer', id: view.id }, comment: result.failureReason! }]);
    // Scorer feedback is left out of a version's aggregate unless asked for.
    expect(await test.platform.feedback.aggregateByVersion(principal, { agentId })).toEqual([]);
    expect((await test.platform.feedback.aggregateByVersion(principal, { agentId, includeScorers: true }))[0]).toMatchObject({ labels: { failed: 1 } });
  });

  it('refuses an unknown custom scorer and a judge that does not exist, naming the field', async () => {
    const name = `refused-${mode}`;
    await test.platform.datasets.create(principal, { name });
    await test.platform.datasets.importCases(principal, { name, jsonl: JSON.stringify({ input: 'Refund A1' }) });
    const base = { dataset: name, agentId, agentVersion: 1 };
    await expect(test.platform.experiments.create(principal, { ...base, scorers: [{ type: 'custom', name: 'rm-rf' }] })).rejects.toMatchObject({ kind: 'validation', field: 'scorers.0.name' });
    await expect(test.platform.experiments.create(principal, { ...base, scorers: [{ type: 'llm-judge', rubric: 'r', judgeAgentId: judgeId, judgeAgentVersion: 9 }] })).rejects.toMatchObject({
      kind: 'not-found',
      field: 'scorers.0.judgeAgentId',
    });
    await expect(test.platform.experiments.create(principal, { ...base, scorers: [{ type: 'memory-expected' }] })).rejects.toMatchObject({ kind: 'validation', field: 'scorers.0.keys' });
    // An archived agent makes no model calls, as a judge neither.
    const archivedJudgeId = await createTestAgent(test.platform.database, { tenantId: principal.tenantId, slug: `archived-judge-${mode}`, config: { demoScript: { replies: [{ text: '{"score": 1}' }] } } });
    await test.platform.agents.archive(principal, { agentId: archivedJudgeId });
    await expect(
      test.platform.experiments.create(principal, { ...base, scorers: [{ type: 'llm-judge', rubric: 'r', judgeAgentId: archivedJudgeId, judgeAgentVersion: 1 }] }),
    ).rejects.toMatchObject({ kind: 'not-found', field: 'scorers.0.judgeAgentId' });
  });
});
