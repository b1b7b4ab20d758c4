import { databaseModes } from '@agentloom/db/testing';
import { defineTool } from '@agentloom/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import type { Principal } from '../../auth/roles';
import { createTestAgent, createTestPlatform, silentLogger, type TestPlatform } from '../../testing';

/** A tool that runs until it is aborted, like a long subprocess or HTTP call. */
const waitUntilAborted = defineTool({
  name: 'wait_for_ever',
  description: 'Waits until the run is cancelled.',
  implementationId: 'test-tools/v1/wait_for_ever',
  inputSchema: z.object({}),
  sideEffects: 'none',
  execute: (_args, context) =>
    new Promise((_resolve, reject) => {
      context.emit({ kind: 'waiting' });
      context.signal.addEventListener('abort', () => reject(new Error('aborted by cancel')), { once: true });
    }),
});

describe.each(databaseModes)('cancel and metrics (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger, { tools: [waitUntilAborted], executor: { pollMs: 50 } });
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: 'waiter',
      name: 'Waiter',
      config: {
        builtinTools: [],
        tools: ['wait_for_ever'],
        demoScript: { replies: [{ text: 'Waiting.', toolCalls: [{ name: 'wait_for_ever', arguments: {} }] }] },
      },
    });
    await test.platform.executor.start();
  });
  afterAll(() => test?.dispose());

  // The tool never returns unless aborted, so reaching `cancelled` proves the abort; how fast is a
  // benchmark question, not an assertion (the suite must pass on a loaded machine).
  it('aborts the in-flight tool call and ends the run cancelled', async () => {
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'wait' });
    const { prisma } = test.platform.database;
    await expect.poll(() => prisma.toolCall.findFirst({ where: { runId: run.id, status: 'running' } }), { timeout: 20_000 }).not.toBeNull();
    await test.platform.runs.cancel(principal, { runId: run.id });
    await expect.poll(async () => (await test.platform.runs.get(principal, { runId: run.id })).status, { timeout: 60_000, interval: 20 }).toBe('cancelled');
    const events = (await test.platform.runEvents.list(principal, { runId: run.id, limit: 1000 })).events;
    expect(events.at(-1)).toMatchObject({ type: 'run-finished', payload: { status: 'cancelled' } });
  });

  it('exposes Prometheus metrics for the queue, outcomes, steps and tool calls', async () => {
    const text = await test.platform.metrics.render();
    expect(text).toMatch(/agentloom_queue_depth \d+/);
    // Counted on write by the process that ended the run, not re-counted from the table (ADR 0046).
    expect(text).toMatch(/agentloom_run_outcomes_total\{status="cancelled"\} [1-9]/);
    expect(text).toMatch(/agentloom_claim_latency_seconds_count [1-9]/);
    expect(text).toMatch(/agentloom_steps_total\{outcome="interrupted"\} \d+/);
    expect(text).toMatch(/agentloom_executor_utilization/);
  });
});
