import { databaseModes } from '@agentloom/db/testing';
import { defineTool, type AnyTool } from '@agentloom/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import type { Principal } from '../../auth/roles';
import { erasedContent } from '../../erase/erased-content';
import { ModelConnector } from '../../outbound/model-connector';
import { SecretBox } from '../../secrets/secret-box';
import { createTestAgent, createTestPlatform, silentLogger, testSecretKey, type TestPlatform } from '../../testing';
import { ToolCatalog } from '../../tools/tool-catalog';
import { RunExecutor } from '../run-executor';
import { EngineRunProcessor } from './engine-run-processor';
import { startFreshCallIdProvider, type FreshCallIdProvider, type ProviderAnswer } from '../../testing/fresh-call-id-provider';

/**
 * The ledger knows an unfinished step's calls by the ids the model gave them. A real provider names
 * every call anew in every response, so a resumed attempt that asked the model again got a new id, found
 * no row and ran an unsafe call a second time (durable-execution audit, F1). The ledger now stores the
 * step's reply before its first unsafe call starts, and the resumed attempt answers the step with it
 * (ADR 0085): same id, so the call's outcome goes to an operator. The provider here names calls at random.
 */

function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** A tool counting its executions; the first waits for `release` and ignores its abort, as a slow HTTP call made without the signal. */
function gatedTool(name: string, sideEffects: 'none' | 'unsafe') {
  const state = { executions: 0, started: gate(), release: gate() };
  const tool = defineTool({
    name,
    description: `${name} (${sideEffects} side effects).`,
    implementationId: `test-tools/v1/${name}`,
    inputSchema: z.object({}),
    sideEffects,
    execute: async () => {
      state.executions += 1;
      if (state.executions === 1) {
        state.started.open();
        await state.release.opened;
      }
      return { content: `${name} done` };
    },
  });
  return { tool, state };
}

describe.each(databaseModes)('an unsafe call in flight, with a provider that names calls per response (%s)', (mode) => {
  const charges = { drain: gatedTool('charge_on_drain', 'unsafe'), crash: gatedTool('charge_on_crash', 'unsafe') };
  const chargeOnForget = gatedTool('charge_on_forget', 'unsafe');
  const lookup = gatedTool('slow_lookup', 'none');
  // For the stale reply: a first step that commits, a second the drain catches, and a charge only a stale reply names.
  const firstStep = gatedTool('first_step', 'none');
  const secondStep = gatedTool('second_step', 'none');
  const staleCharge = gatedTool('charge_named_by_stale_reply', 'unsafe');
  firstStep.state.release.open();
  staleCharge.state.release.open();
  const tools: AnyTool[] = [charges.drain.tool, charges.crash.tool, chargeOnForget.tool, lookup.tool, firstStep.tool, secondStep.tool, staleCharge.tool];
  const executors: RunExecutor[] = [];
  const providers: FreshCallIdProvider[] = [];
  let test: TestPlatform;
  let principal: Principal;

  /** `crashes`: never renews its 1 s lease — a kill -9 as the database sees it; another executor recovers the run. */
  const startExecutor = async (owner: string, crashes = false) => {
    const executor = new RunExecutor(
      test.platform.database,
      new EngineRunProcessor(
        test.platform.database,
        new ToolCatalog(tools),
        silentLogger,
        new ModelConnector(fetch, new SecretBox(testSecretKey)),
        undefined,
        undefined,
        {
          toolAbortGraceMs: 50,
        },
      ),
      silentLogger,
      crashes
        ? {
            owner,
            pollMs: 50,
            leaseMs: 1_000,
            heartbeatMs: 3_600_000,
            recoveryIntervalMs: 3_600_000,
            drainTimeoutMs: 20,
            toolNames: tools.map((tool) => tool.name),
          }
        : { owner, pollMs: 50, leaseMs: 30_000, recoveryIntervalMs: 200, drainTimeoutMs: 20, toolNames: tools.map((tool) => tool.name) },
    );
    executors.push(executor);
    await executor.start();
    return executor;
  };
  const stopAll = async () => {
    for (const executor of executors.splice(0)) await executor.stop();
  };

  const agentOn = async (slug: string, toolNames: string[], answer: (toolResults: number) => ProviderAnswer) => {
    const provider = await startFreshCallIdProvider(answer);
    providers.push(provider);
    const agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug,
      config: {
        builtinTools: [],
        tools: toolNames,
        completion: { verify: false, requireToolEvidence: false },
        model: { provider: 'openai-compatible', model: 'm', baseURL: provider.baseURL },
      },
    });
    return { agentId, provider };
  };

  const runRow = (runId: string) =>
    test.platform.database.prisma.run.findUniqueOrThrow({ where: { id: runId }, select: { status: true, inFlightReply: true } });
  const statusOf = async (runId: string) => (await runRow(runId)).status;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger, { tools, outbound: { allowPrivateTargets: ['127.0.0.1'] } });
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
  });
  afterAll(async () => {
    for (const tool of [charges.drain, charges.crash, chargeOnForget, lookup, secondStep]) tool.state.release.open();
    await stopAll();
    for (const provider of providers) await provider.close();
    await test?.dispose();
  });

  it.each(['drain', 'crash'] as const)('caught by a %s: runs once, its outcome is asked about, and the run finishes once answered', async (how) => {
    const { prisma } = test.platform.database;
    const charge = charges[how];
    const { agentId, provider } = await agentOn(`charger-${how}`, [charge.tool.name], (toolResults) =>
      toolResults === 0 ? { call: { name: charge.tool.name, arguments: {} } } : { text: 'Charged once.' },
    );
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'charge 5 dollars' });
    try {
      const first = await startExecutor(`first-${how}-${mode}`, how === 'crash');
      await charge.state.started.opened;

      // On disk before the handler started: the step's reply, naming the call as the ledger's row does.
      const [running] = await prisma.toolCall.findMany({ where: { runId: run.id }, select: { callId: true, status: true } });
      expect(running).toMatchObject({ status: 'running', callId: provider.requests[0]!.answeredWith });
      expect((await runRow(run.id)).inFlightReply).toMatchObject({ step: 1, response: { toolCalls: [{ id: running!.callId, name: charge.tool.name }] } });

      if (how === 'drain') {
        await first.stop();
        expect(await statusOf(run.id)).toBe('queued');
      }
      await startExecutor(`second-${how}-${mode}`);
      await expect.poll(() => statusOf(run.id), { timeout: 60_000, interval: 50 }).toMatch(/waiting_human|succeeded|failed|cancelled/);

      expect(charge.state.executions).toBe(1);
      expect(await statusOf(run.id)).toBe('waiting_human');
      // The resumed attempt answered the step from the stored reply: the provider was asked once.
      expect(provider.requests).toHaveLength(1);
      const asked = await prisma.toolCall.findMany({
        where: { runId: run.id },
        select: { callId: true, status: true, approval: { select: { id: true, status: true } } },
      });
      expect(asked).toEqual([{ callId: running!.callId, status: 'outcome_unknown', approval: { id: expect.any(String) as unknown, status: 'pending' } }]);
      // The step committed: its reply is no longer kept.
      expect((await runRow(run.id)).inFlightReply).toBeNull();

      // "It completed": the run goes on from the call's outcome and finishes.
      await test.platform.approvals.decide(principal, { approvalId: asked[0]!.approval!.id, decision: 'approve' });
      await expect.poll(() => statusOf(run.id), { timeout: 60_000, interval: 50 }).toBe('succeeded');
      expect(provider.requests.map((request) => request.toolResults)).toEqual([0, 1]);
    } finally {
      // The first charge's response comes in at last; a crashed executor's late writes are fenced out.
      charge.state.release.open();
      await stopAll();
    }
    expect(charge.state.executions).toBe(1);
  });

  it('caught by a forget of a memory it read: restarted, it keeps its reply (text redacted), runs the call once and asks about it', async () => {
    const { prisma } = test.platform.database;
    const fact = 'the card on file ends in 4242';
    const { agentId, provider } = await agentOn('charger-forget', [chargeOnForget.tool.name], (toolResults) =>
      toolResults === 0 ? { text: `Charging: ${fact}.`, call: { name: chargeOnForget.tool.name, arguments: {} } } : { text: 'Charged once.' },
    );
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'charge 5 dollars' });
    try {
      await startExecutor(`first-forget-${mode}`);
      await chargeOnForget.state.started.opened;
      const [running] = await prisma.toolCall.findMany({ where: { runId: run.id }, select: { callId: true, status: true } });
      expect((await runRow(run.id)).inFlightReply).toMatchObject({ step: 1, response: { text: `Charging: ${fact}.`, toolCalls: [{ id: running!.callId }] } });
      // The run read a fact (as a memory search would have recorded it); the user asks for it to be forgotten
      // while the charge is in flight, so the run is restarted from its checkpoint (an executor may take it at once).
      const item = await prisma.memoryItem.create({ data: { tenantId: principal.tenantId, scope: 'project', scopeId: principal.tenantId, kind: 'fact', content: fact } });
      await prisma.memoryInjection.create({ data: { tenantId: principal.tenantId, runId: run.id, memoryItemId: item.id, score: 0.9, source: 'memory_search' } });
      await test.platform.memory.forget(principal, { memoryItemId: item.id });
      expect((await prisma.run.findUniqueOrThrow({ where: { id: run.id }, select: { attempt: true } })).attempt).toBe(2);

      await startExecutor(`second-forget-${mode}`);
      await expect.poll(() => statusOf(run.id), { timeout: 60_000, interval: 50 }).toMatch(/waiting_human|succeeded|failed|cancelled/);
      expect(await statusOf(run.id)).toBe('waiting_human');
      expect(chargeOnForget.state.executions).toBe(1);
      expect(provider.requests).toHaveLength(1);
      expect(await prisma.toolCall.findMany({ where: { runId: run.id }, select: { callId: true, status: true } })).toEqual([
        { callId: running!.callId, status: 'outcome_unknown' },
      ]);
      // The resumed step answered with the stored reply — same call id — whose text, which quoted the fact, was redacted.
      const assistant = await prisma.message.findMany({ where: { runId: run.id, role: 'assistant' }, select: { content: true, toolCalls: true } });
      expect(assistant).toEqual([{ content: erasedContent, toolCalls: [expect.objectContaining({ id: running!.callId })] }]);
      const messages = await prisma.message.findMany({ where: { runId: run.id }, select: { content: true, toolCalls: true } });
      expect(JSON.stringify(messages)).not.toContain('4242');
    } finally {
      chargeOnForget.state.release.open();
      await stopAll();
    }
    expect(chargeOnForget.state.executions).toBe(1);
  });

  it('stores no reply for a step whose calls are all safe', async () => {
    const { agentId } = await agentOn('safe-only', [lookup.tool.name], (toolResults) =>
      toolResults === 0 ? { call: { name: lookup.tool.name, arguments: {} } } : { text: 'Found.' },
    );
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'look it up' });
    await startExecutor(`safe-${mode}`);
    try {
      await lookup.state.started.opened;
      expect(await test.platform.database.prisma.toolCall.findMany({ where: { runId: run.id }, select: { status: true } })).toEqual([{ status: 'running' }]);
      expect((await runRow(run.id)).inFlightReply).toBeNull();
      lookup.state.release.open();
      await expect.poll(() => statusOf(run.id), { timeout: 60_000, interval: 50 }).toBe('succeeded');
    } finally {
      await stopAll();
    }
  });

  it('never serves a reply stored for an earlier step', async () => {
    const { prisma } = test.platform.database;
    const { agentId, provider } = await agentOn('two-steps', [firstStep.tool.name, secondStep.tool.name, staleCharge.tool.name], (toolResults) =>
      toolResults === 0
        ? { call: { name: firstStep.tool.name, arguments: {} } }
        : toolResults === 1
          ? { call: { name: secondStep.tool.name, arguments: {} } }
          : { text: 'Both done.' },
    );
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'two steps' });
    try {
      const first = await startExecutor(`two-steps-first-${mode}`);
      await secondStep.state.started.opened;
      await first.stop();
      expect(await prisma.run.findUniqueOrThrow({ where: { id: run.id }, select: { status: true, stepCount: true } })).toEqual({
        status: 'queued',
        stepCount: 1,
      });
      // A reply of step 1 (committed) left on the run, naming a charge: the resumed step 2 must ask the model.
      const stale = {
        step: 1,
        response: {
          text: '',
          toolCalls: [{ id: 'call_stale', name: staleCharge.tool.name, argumentsJson: '{}' }],
          usage: { inputTokens: 1, outputTokens: 1 },
          model: 'm',
          finishReason: 'tool-calls',
        },
      };
      await prisma.run.update({ where: { id: run.id }, data: { inFlightReply: stale } });

      await startExecutor(`two-steps-second-${mode}`);
      await expect.poll(() => statusOf(run.id), { timeout: 60_000, interval: 50 }).toBe('succeeded');
    } finally {
      secondStep.state.release.open();
      await stopAll();
    }
    expect(staleCharge.state.executions).toBe(0);
    expect(provider.requests.map((request) => request.toolResults)).toEqual([0, 1, 1, 2]);
    expect(await prisma.toolCall.count({ where: { runId: run.id, callId: 'call_stale' } })).toBe(0);
  });
});
