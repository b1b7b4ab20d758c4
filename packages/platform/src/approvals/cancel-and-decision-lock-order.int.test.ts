import { defineTool } from '@agentloom/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import type { Principal } from '../auth/roles';
import { createTestAgent, createTestPlatform, silentLogger, type TestPlatform, holdRowLock, sessionsWaitingOnLocks } from '../testing';

const payTool = defineTool({
  name: 'pay',
  description: 'pay',
  implementationId: 'test-tools/v1/pay',
  inputSchema: z.object({}),
  sideEffects: 'unsafe',
  execute: () => Promise.resolve({ content: 'paid' }),
});

/**
 * Lock order: the run row first. A cancel locks the run, then its pending approvals. Found by the
 * cancel audit: a decision updated the approval first, then the tool call, then the run, so the two
 * deadlocked and Postgres failed one after deadlock_timeout (a 503). The interleaving is forced by
 * holding the tool call's row lock (as a ledger write of that call would), not by timing.
 */
describe('cancel and an approval decision on the same waiting run (server)', () => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;

  beforeAll(async () => {
    test = await createTestPlatform('server', silentLogger, { tools: [payTool], executor: { pollMs: 50 } });
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: 'payer',
      config: {
        tools: ['pay'],
        builtinTools: [],
        approvals: { pay: 'always' },
        completion: { verify: false, requireToolEvidence: false },
        demoScript: { replies: [{ text: 'Paying.', toolCalls: [{ name: 'pay', arguments: {} }] }, { text: 'Done.' }] },
      },
    });
    await test.platform.executor.start();
  }, 300_000);
  afterAll(() => test?.dispose());

  it('neither the cancel nor the decision fails with a deadlock', async () => {
    const { prisma } = test.platform.database;
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'pay' });
    await expect.poll(() => prisma.approval.count({ where: { runId: run.id, status: 'pending' } }), { timeout: 60_000 }).toBe(1);
    const approval = await prisma.approval.findFirstOrThrow({ where: { runId: run.id } });
    const lockWaiters = () => sessionsWaitingOnLocks(test.platform.database);
    const baseline = await lockWaiters();
    const holder = await holdRowLock(test.platform.database, 'SELECT id FROM tool_calls WHERE id = $1::uuid FOR UPDATE', approval.toolCallId);
    const outcome = (promise: Promise<unknown>) =>
      promise.then(
        () => 'ok',
        (error: { kind?: string; code?: string; message?: string }) => error.kind ?? `${error.code ?? ''} ${String(error.message).split('\n').slice(-1)[0]}`,
      );
    // The decision takes the run row and the approval's, then waits for the tool call row.
    const decision = outcome(test.platform.approvals.decide(principal, { approvalId: approval.id, decision: 'approve' }));
    await expect.poll(lockWaiters, { timeout: 30_000, interval: 20 }).toBe(baseline + 1);
    // The cancel waits for the run row.
    const cancel = outcome(test.platform.runs.cancel(principal, { runId: run.id }));
    await expect.poll(lockWaiters, { timeout: 30_000, interval: 20 }).toBe(baseline + 2);
    holder.release();
    await holder.done;
    const answers = { cancel: await cancel, decision: await decision };
    // One of them may lose with a domain conflict; neither may fail with a database error.
    expect([answers.cancel, answers.decision].filter((answer) => answer !== 'ok' && answer !== 'conflict')).toEqual([]);
  });
});
