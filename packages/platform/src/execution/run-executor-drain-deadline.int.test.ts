import { databaseModes } from '@agentloom/db/testing';
import { defineTool, type AnyTool } from '@agentloom/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import type { Principal } from '../auth/roles';
import type { Logger } from '../logging/logger';
import { ModelConnector } from '../outbound/model-connector';
import { SecretBox } from '../secrets/secret-box';
import { createTestAgent, createTestPlatform, silentLogger, testSecretKey, type TestPlatform } from '../testing';
import { ToolCatalog } from '../tools/tool-catalog';
import { EngineRunProcessor } from './engine/engine-run-processor';
import { RunExecutor } from './run-executor';

/**
 * A drain that runs out gives the runs it still holds back to the queue (ADR 0108). Found by the ops
 * audit: stop() aborted them with a plain Error, which the engine took for a cancel, so a worker
 * shutdown ended each held run `cancelled` (with no cancel requested) and closed its unsafe call in
 * flight `abandoned`. Each tool here waits on a gate the test controls and ignores its abort, so the
 * drain cannot finish in time however fast or slow the machine is.
 */

function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** One tool's executions: the first waits for `release` (ignoring its abort); later ones return at once. */
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
        // Like a slow HTTP call made without the signal: the abort does not reach it.
        await state.release.opened;
      }
      return { content: `${name} done` };
    },
  });
  return { tool, state };
}

describe.each(databaseModes)('a drain that runs out (%s)', (mode) => {
  // Per database mode: each mode's first execution is the one that hangs.
  const lookup = gatedTool('slow_lookup', 'none');
  const charge = gatedTool('slow_charge', 'unsafe');
  const tools: AnyTool[] = [lookup.tool, charge.tool];
  let test: TestPlatform;
  let principal: Principal;
  const warnings: { message: string; data?: Record<string, unknown> }[] = [];
  const recordingLogger: Logger = { ...silentLogger, warn: (message, data) => warnings.push({ message, ...(data ? { data } : {}) }) };

  const executorNamed = (owner: string) =>
    new RunExecutor(
      test.platform.database,
      // A short grace: the gated tool never stops, so each abort waits this long before the step ends.
      new EngineRunProcessor(
        test.platform.database,
        new ToolCatalog(tools),
        recordingLogger,
        new ModelConnector(fetch, new SecretBox(testSecretKey)),
        undefined,
        undefined,
        {
          toolAbortGraceMs: 50,
        },
      ),
      recordingLogger,
      // A drain far shorter than the gated call: it always runs out.
      { owner, pollMs: 50, recoveryIntervalMs: 3_600_000, drainTimeoutMs: 20, toolNames: tools.map((tool) => tool.name) },
    );

  const agentCalling = (toolName: string) =>
    createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: `drain-${toolName}`,
      config: {
        builtinTools: [],
        tools: [toolName],
        completion: { verify: false, requireToolEvidence: false },
        demoScript: { replies: [{ text: 'Working.', toolCalls: [{ name: toolName, arguments: {} }] }, { text: 'Done.' }] },
      },
    });

  /** Starts a run on a first executor, waits for its tool to be mid-call, and stops that executor. */
  const runAndStopMidCall = async (toolName: string, started: Promise<void>) => {
    const { prisma } = test.platform.database;
    const agentId = await agentCalling(toolName);
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'work' });
    const first = executorNamed(`drain-first-${toolName}`);
    await first.start();
    await started;
    await first.stop();
    const row = await prisma.run.findUniqueOrThrow({ where: { id: run.id } });
    const events = await prisma.runEvent.findMany({ where: { runId: run.id }, orderBy: { seq: 'asc' }, select: { type: true, payload: true } });
    const calls = await prisma.toolCall.findMany({ where: { runId: run.id }, select: { status: true, errorKind: true } });
    return { runId: run.id, row, events, calls };
  };

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger, { tools });
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
  });
  afterAll(async () => {
    // The gated handlers were left behind: let them end before the database goes.
    lookup.state.release.open();
    charge.state.release.open();
    await test?.dispose();
  });

  it('gives a run back queued, attempt kept, never cancelled; the next executor runs its repeatable call again and finishes it', async () => {
    const { prisma } = test.platform.database;
    const { runId, row, events, calls } = await runAndStopMidCall('slow_lookup', lookup.state.started.opened);

    expect(row).toMatchObject({ status: 'queued', attempt: 1, cancelRequestedAt: null, leaseOwner: null, finishedAt: null });
    expect(events.map((event) => event.type)).not.toContain('run-finished');
    expect(events.at(-1)).toMatchObject({ type: 'run-queued', payload: { reason: 'executor shutting down' } });
    // Left as a crash leaves it: neither cancelled nor abandoned.
    expect(calls).toEqual([{ status: 'running', errorKind: null }]);
    expect(warnings.find((warning) => warning.message.startsWith('Drain time (20 ms) ran out'))?.data).toEqual({ runs: [runId] });

    const second = executorNamed('drain-second-lookup');
    await second.start();
    try {
      await expect.poll(async () => (await prisma.run.findUniqueOrThrow({ where: { id: runId } })).status, { timeout: 60_000, interval: 50 }).toBe('succeeded');
    } finally {
      await second.stop();
    }
    expect(await prisma.run.findUniqueOrThrow({ where: { id: runId } })).toMatchObject({ attempt: 1, cancelRequestedAt: null });
    // A `none` call left running is run again on resume, by the ledger's rule for crashed calls.
    expect(lookup.state.executions).toBe(2);
    expect(await prisma.toolCall.findMany({ where: { runId }, select: { status: true } })).toEqual([{ status: 'succeeded' }]);
  });

  it('leaves an unsafe call in flight to the crash rules: the resumed run asks an operator, and never runs it again', async () => {
    const { prisma } = test.platform.database;
    const { runId, row, events, calls } = await runAndStopMidCall('slow_charge', charge.state.started.opened);

    expect(row).toMatchObject({ status: 'queued', attempt: 1, cancelRequestedAt: null, leaseOwner: null });
    expect(events.map((event) => event.type)).not.toContain('run-finished');
    expect(calls).toEqual([{ status: 'running', errorKind: null }]);

    const second = executorNamed('drain-second-charge');
    await second.start();
    try {
      await expect
        .poll(async () => (await prisma.run.findUniqueOrThrow({ where: { id: runId } })).status, { timeout: 60_000, interval: 50 })
        .toBe('waiting_human');
    } finally {
      await second.stop();
    }
    expect(charge.state.executions).toBe(1);
    const call = await prisma.toolCall.findFirstOrThrow({
      where: { runId },
      select: { status: true, approval: { select: { status: true, requestReason: true } } },
    });
    expect(call).toMatchObject({ status: 'outcome_unknown', approval: { status: 'pending' } });
    const resumedEvents = await prisma.runEvent.findMany({ where: { runId }, select: { type: true } });
    expect(resumedEvents.map((event) => event.type)).toContain('tool-call-outcome-unknown');
    expect(resumedEvents.map((event) => event.type)).not.toContain('run-finished');
  });
});
