/**
 * The approval gate with a tool that delegates twice in one call (a documented use: children run one
 * after another, progress kept in invocation state) and sub-agents whose models number their calls
 * alike (every demo child's first call is `demo-0-0`). Found by an audit: both children's calls were
 * qualified `<parentCall>/demo-0-0`, the second child's 9999 payout got the first child's decided
 * approval back, and ran on it once the reviewer approved the 5 it was shown. The sub-agent instance
 * is now part of the qualified id, and an approval is never reused for another call (persist-step.ts).
 */
import { databaseModes } from '@agentloom/db/testing';
import { defineTool, type ToolContext } from '@agentloom/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import type { Principal } from '../../auth/roles';
import { createTestAgent, createTestPlatform, silentLogger, type TestPlatform } from '../../testing';

describe.each(databaseModes)('sub-agents of one delegating call and their approvals (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;
  const wired: number[] = [];

  const wireMoney = defineTool({
    name: 'wire_money',
    description: 'Sends money.',
    implementationId: 'test-tools/v1/wire_money',
    inputSchema: z.object({ amount: z.number() }),
    sideEffects: 'unsafe',
    execute: (args) => {
      wired.push(args.amount);
      return Promise.resolve({ content: `wired ${args.amount}` });
    },
  });

  const twoPayouts = defineTool<Record<string, never>, ToolContext>({
    name: 'two_payouts',
    description: 'Has the payer sub-agent pay Ada, then Mallory.',
    implementationId: 'test-tools/v1/two_payouts',
    inputSchema: z.object({}),
    sideEffects: 'unsafe',
    execute: async (_args, context) => {
      if (context.invocation.get('adaDone') !== true) {
        await context.children.run({ agent: 'payer', task: 'Pay ada' });
        await context.invocation.set('adaDone', true);
      }
      const second = await context.children.run({ agent: 'payer', task: 'Pay mallory' });
      return { content: `both done: ${second.output}` };
    },
  });

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger, {
      tools: [wireMoney, twoPayouts],
      executor: { pollMs: 50, heartbeatMs: 100, recoveryIntervalMs: 200 },
    });
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: 'two-payouts',
      config: {
        instructions: 'You run payouts.',
        tools: ['wire_money', 'two_payouts'],
        approvals: { wire_money: 'always' },
        subAgents: [{ name: 'payer', description: 'Pays', instructions: 'You pay.' }],
        completion: { verify: false, requireToolEvidence: false },
        demoScript: {
          replies: [
            { whenTaskIncludes: 'run the payouts', text: 'Paying both.', toolCalls: [{ name: 'two_payouts', arguments: {} }] },
            { whenTaskIncludes: 'run the payouts', text: 'Parent done.', toolCalls: [] },
            { whenTaskIncludes: 'pay ada', text: 'Paying Ada.', toolCalls: [{ name: 'wire_money', arguments: { amount: 1 } }] },
            { whenTaskIncludes: 'pay ada', text: 'Ada paid.', toolCalls: [] },
            {
              whenTaskIncludes: 'pay mallory',
              text: 'Paying Mallory.',
              toolCalls: [
                { name: 'wire_money', arguments: { amount: 9999 } },
                { name: 'wire_money', arguments: { amount: 5 } },
              ],
            },
            { whenTaskIncludes: 'pay mallory', text: 'Mallory paid.', toolCalls: [] },
          ],
        },
      },
    });
    await test.platform.executor.start();
  });
  afterAll(() => test?.dispose());

  const statusOf = async (runId: string) => (await test.platform.runs.get(principal, { runId })).status;

  it('never wires an amount no reviewer approved', async () => {
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'Please run the payouts' });
    const shown: unknown[] = [];
    // A careful reviewer: approves small amounts, rejects anything of 100 or more.
    for (let round = 0; round < 6; round += 1) {
      await expect.poll(() => statusOf(run.id), { timeout: 30_000 }).toMatch(/^(waiting_human|succeeded|failed|cancelled)$/);
      if ((await statusOf(run.id)) !== 'waiting_human') break;
      const pending = (await test.platform.approvals.list(principal, { runId: run.id, status: 'pending' })).approvals;
      if (pending.length === 0) break; // waiting for a decision nobody can give
      for (const approval of pending) {
        const amount = (approval.originalArguments as { amount: number }).amount;
        shown.push(amount);
        if (amount < 100) await test.platform.approvals.decide(principal, { approvalId: approval.id, decision: 'approve' });
        else await test.platform.approvals.decide(principal, { approvalId: approval.id, decision: 'reject', reason: 'too much' });
      }
    }
    // Every request is shown, 9999 is rejected, and only what was approved is wired.
    const ascending = (values: unknown[]) => [...(values as number[])].sort((a, b) => a - b);
    expect({ shown: ascending(shown), wired: ascending(wired) }).toEqual({ shown: [1, 5, 9999], wired: [1, 5] });
    expect(await statusOf(run.id)).toBe('succeeded');
  });
});
