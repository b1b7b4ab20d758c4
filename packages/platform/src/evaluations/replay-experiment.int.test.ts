import type { Prisma } from '@agentloom/db';
import { databaseModes } from '@agentloom/db/testing';
import { defineTool, type AnyTool } from '@agentloom/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import type { Principal } from '../auth/roles';
import { createTestAgent, createTestPlatform, type TestPlatform } from '../testing';
import type { ExperimentView } from './experiment-view';

/** Real executions of the test tools (a replay that serves recordings leaves these untouched). */
const executed = { lookup: [] as unknown[], refund: [] as unknown[] };

const tools: AnyTool[] = [
  defineTool({
    name: 'lookup_order',
    description: 'Reads an order.',
    implementationId: 'replay-test/v1/lookup_order',
    inputSchema: z.object({ orderId: z.string(), include: z.string().optional() }),
    sideEffects: 'none',
    execute: (args) => {
      executed.lookup.push(args);
      return Promise.resolve({ content: `order ${args.orderId}: paid 40 EUR` });
    },
  }),
  defineTool({
    name: 'refund_order',
    description: 'Refunds an order.',
    implementationId: 'replay-test/v1/refund_order',
    inputSchema: z.object({ orderId: z.string(), amount: z.number().optional() }),
    sideEffects: 'unsafe',
    execute: (args) => {
      executed.refund.push(args);
      return Promise.resolve({ content: `refunded ${args.orderId}` });
    },
  }),
];

const recordedScript = {
  replies: [
    { text: 'Looking the order up.', toolCalls: [{ name: 'lookup_order', arguments: { orderId: 'A1' } }] },
    { text: 'Refunding.', toolCalls: [{ name: 'refund_order', arguments: { orderId: 'A1' } }] },
    { text: 'Order A1 refunded.' },
  ],
};

describe.each(databaseModes)('regression replay (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;

  beforeAll(async () => {
    test = await createTestPlatform(mode, undefined, { tools });
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: 'refunds',
      config: { instructions: 'You handle refunds.', tools: ['lookup_order', 'refund_order'], demoScript: recordedScript },
    });
    await addVersion(2, {
      // A changed prompt: the recorded replies no longer answer this conversation, so the version's own
      // script answers from the first call, and it takes another path at the second call.
      instructions: 'You handle refunds. Always check the order history first.',
      tools: ['lookup_order', 'refund_order'],
      demoScript: {
        replies: [
          { text: 'Looking the order up.', toolCalls: [{ name: 'lookup_order', arguments: { orderId: 'A1' } }] },
          { text: 'Checking history.', toolCalls: [{ name: 'lookup_order', arguments: { orderId: 'A1', include: 'history' } }] },
          { text: 'Order A1 looks fine; no refund.' },
        ],
      },
    });
    await addVersion(3, {
      instructions: 'You handle refunds generously.',
      tools: ['lookup_order', 'refund_order'],
      demoScript: {
        replies: [
          { text: 'Looking the order up.', toolCalls: [{ name: 'lookup_order', arguments: { orderId: 'A1' } }] },
          { text: 'And another one.', toolCalls: [{ name: 'lookup_order', arguments: { orderId: 'Z9' } }] },
          { text: 'Refunding more.', toolCalls: [{ name: 'refund_order', arguments: { orderId: 'A1', amount: 999 } }] },
          { text: 'Done.' },
        ],
      },
    });
    await test.platform.executor.start();
  });
  afterAll(() => test?.dispose());

  async function addVersion(version: number, config: Record<string, unknown>) {
    await test.platform.database.prisma.agentVersion.create({ data: { tenantId: principal.tenantId, agentId, version, configHash: `test-refunds-${version}`, config: config as Prisma.InputJsonObject } });
  }

  async function finishedRun(input: string, agentVersion = 1) {
    const { run } = await test.platform.runs.create(principal, { agentId, agentVersion, input });
    await expect.poll(async () => (await test.platform.runs.get(principal, { runId: run.id })).status, { timeout: 60_000 }).toBe('succeeded');
    return run.id;
  }

  async function completed(experiment: ExperimentView): Promise<ExperimentView> {
    let view = experiment;
    await expect
      .poll(
        async () => {
          view = await test.platform.experiments.get(principal, { experimentId: experiment.id });
          return view.status;
        },
        { timeout: 60_000 },
      )
      .toBe('completed');
    return view;
  }

  it('records runs into a dataset, replays them offline in recorded mode with deterministic scores, and shows the first divergent step of a changed prompt', async () => {
    const runIds = [await finishedRun('Please refund order A1'), await finishedRun('Refund A1 again')];
    const liveCalls = { lookup: executed.lookup.length, refund: executed.refund.length };
    await test.platform.datasets.create(principal, { name: `refunds-${mode}` });
    const dataset = await test.platform.datasets.addRuns(principal, { name: `refunds-${mode}`, runIds, labels: ['refund'] });
    expect(dataset).toMatchObject({ version: 2, caseCount: 2 });
    const stored = await test.platform.database.prisma.evalCase.findFirstOrThrow({ where: { sourceRunId: runIds[0] } });
    expect(stored.toolResults).toEqual([
      { name: 'lookup_order', arguments: { orderId: 'A1' }, content: 'order A1: paid 40 EUR', isError: false },
      { name: 'refund_order', arguments: { orderId: 'A1' }, content: 'refunded A1', isError: false },
    ]);
    expect(stored.finalOutput).toBe('Order A1 refunded.');

    const scorers = [{ type: 'exact' }, { type: 'tool-sequence' }];
    const baseline = await completed(await test.platform.experiments.create(principal, { dataset: `refunds-${mode}`, agentId, agentVersion: 1, scorers }));
    expect(baseline.summary).toMatchObject({ cases: 2, passed: 2, regressions: 0, casesDiverged: 0 });
    expect(baseline.results[0]).toMatchObject({ status: 'passed', firstDivergentStep: null, failureReason: null });
    expect(baseline.results[0]!.scores.map((score) => [score.scorer, score.passed])).toEqual([
      ['exact', true],
      ['tool-sequence', true],
      ['usage-delta', null],
    ]);
    // Recorded mode served every tool result from the recording: no real tool ran.
    expect({ lookup: executed.lookup.length, refund: executed.refund.length }).toEqual(liveCalls);

    const again = await completed(await test.platform.experiments.create(principal, { dataset: `refunds-${mode}`, agentId, agentVersion: 1, scorers }));
    const scoresOf = (view: ExperimentView) => view.results.map((result) => result.scores);
    expect(scoresOf(again)).toEqual(scoresOf(baseline));

    const changed = await completed(
      await test.platform.experiments.create(principal, { dataset: `refunds-${mode}`, agentId, agentVersion: 2, scorers, baselineExperimentId: baseline.id }),
    );
    expect(changed.summary).toMatchObject({ cases: 2, passed: 0, regressions: 2, casesDiverged: 2, baselinePassRate: 1 });
    const first = changed.results[0]!;
    expect(first).toMatchObject({ status: 'failed', regression: true, firstDivergentCall: 1, firstDivergentStep: 2 });
    expect(first.failureReason).toContain('lookup_order');
    expect(first.scores.find((score) => score.scorer === 'tool-sequence')?.explanation).toBe(
      'call 2 differs: recorded refund_order({"orderId":"A1"}), replay made lookup_order({"include":"history","orderId":"A1"})',
    );
    expect((first.deltas as { vsBaseline: { baselineStatus: string; scores: Record<string, number> } }).vsBaseline).toMatchObject({ baselineStatus: 'passed', scores: { exact: -1, 'tool-sequence': -0.5 } });
    expect({ lookup: executed.lookup.length, refund: executed.refund.length }).toEqual(liveCalls);
  });

  it('never executes an unmatched unsafe call: a call without side effects may run live, the unsafe one is refused and fails the case', async () => {
    const runId = await finishedRun('Please refund order A1');
    await test.platform.datasets.create(principal, { name: `guard-${mode}`, unmatchedToolPolicy: 'live-if-no-side-effects' });
    await test.platform.datasets.addRuns(principal, { name: `guard-${mode}`, runIds: [runId] });
    const before = { lookup: executed.lookup.length, refund: executed.refund.length };

    const view = await completed(await test.platform.experiments.create(principal, { dataset: `guard-${mode}`, agentId, agentVersion: 3 }));

    expect(executed.refund.length).toBe(before.refund);
    expect(executed.lookup.slice(before.lookup)).toEqual([{ orderId: 'Z9' }]);
    expect(view.results[0]).toMatchObject({ status: 'failed', failureReason: 'unmatched tool call(s) not executed: refund_order' });
    const ledger = await test.platform.database.prisma.toolCall.findMany({ where: { runId: view.results[0]!.runId }, orderBy: { createdAt: 'asc' }, select: { name: true, result: true } });
    expect(ledger.map((call) => [call.name, (call.result as { data: { replay: string } }).data.replay])).toEqual([
      ['lookup_order', 'recorded'],
      ['lookup_order', 'live'],
      ['refund_order', 'unmatched'],
    ]);
  });

  it('imports hand-written cases from JSONL and names the bad line', async () => {
    await test.platform.datasets.create(principal, { name: `hand-${mode}` });
    const jsonl = [JSON.stringify({ input: 'Refund A1', expectedOutput: 'Order A1 refunded.', toolResults: [{ name: 'lookup_order', arguments: { orderId: 'A1' }, content: 'order A1: paid 40 EUR' }] }), ''].join('\n');
    await expect(test.platform.datasets.importCases(principal, { name: `hand-${mode}`, jsonl })).resolves.toMatchObject({ version: 2, caseCount: 1 });
    await expect(test.platform.datasets.importCases(principal, { name: `hand-${mode}`, jsonl: `${jsonl}\n{"labels":[]}` })).rejects.toMatchObject({ kind: 'validation', message: expect.stringContaining('jsonl line 3, input') as unknown });
  });
});
