/**
 * A reviewer's edit is checked against the tool's input schema when it is decided. Found by an audit:
 * `{ amount: -500 }` for a tool that needs a positive amount was accepted (200, the console showed it
 * approved with the edit), then the run failed on resume with a validation error the reviewer never
 * saw — or, for a sub-agent's call, the delegate call failed. Now the decision is refused with the
 * field, nothing is written, and the approval can still be decided; an edit the platform cannot check
 * (a tool whose schema it does not hold) that does not fit becomes a rejected call the model reads.
 */
import { randomUUID } from 'node:crypto';

import { databaseModes } from '@agentloom/db/testing';
import { defineTool } from '@agentloom/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import type { Principal } from '../auth/roles';
import { isDomainError } from '../errors/domain-error';
import { createTestAgent, createTestPlatform, silentLogger, type TestPlatform } from '../testing';
import { ApprovalService } from './approval-service';

describe.each(databaseModes)('edited arguments are checked when decided (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  /** Every execution of the gated tool, with the amount it ran with. */
  const paid: number[] = [];

  const payTool = defineTool({
    name: 'pay',
    description: 'Pays an amount.',
    implementationId: 'edit-check-tools/v1/pay',
    inputSchema: z.object({ amount: z.number().int().positive() }),
    sideEffects: 'unsafe',
    execute: (args) => {
      paid.push(args.amount);
      return Promise.resolve({ content: `paid ${args.amount}` });
    },
  });

  beforeAll(async () => {
    test = await createTestPlatform(mode, silentLogger, { tools: [payTool], executor: { pollMs: 50 } });
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    await test.platform.executor.start();
  }, 300_000);
  afterAll(() => test?.dispose());

  const prisma = () => test.platform.database.prisma;

  /** A run brought to its one pending approval; `config` decides whether the agent pays itself or through a sub-agent. */
  async function waitingRun(config: Record<string, unknown>): Promise<{ runId: string; approvalId: string; toolCallId: string }> {
    const agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: `edit-check-${randomUUID().slice(0, 8)}`,
      config: { tools: ['pay'], approvals: { pay: 'always' }, completion: { verify: false, requireToolEvidence: false }, ...config },
    });
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'pay ada' });
    await expect.poll(async () => (await prisma().run.findUniqueOrThrow({ where: { id: run.id } })).status, { timeout: 60_000 }).toBe('waiting_human');
    const approval = await prisma().approval.findFirstOrThrow({ where: { runId: run.id, status: 'pending' }, select: { id: true, toolCallId: true } });
    return { runId: run.id, approvalId: approval.id, toolCallId: approval.toolCallId };
  }

  const paysItself: Record<string, unknown> = {
    builtinTools: [],
    demoScript: { replies: [{ text: 'Paying.', toolCalls: [{ name: 'pay', arguments: { amount: 5 } }] }, { text: 'Done.' }], fallback: 'Done.' },
  };

  const paysThroughSubAgent: Record<string, unknown> = {
    builtinTools: ['delegate'],
    subAgents: [{ name: 'payer', description: 'Pays', instructions: 'You pay.', mode: 'react' }],
    demoScript: {
      replies: [
        { whenTaskIncludes: 'pay ada', text: 'Delegating.', toolCalls: [{ name: 'delegate', arguments: { agent: 'payer', task: 'Send the money' } }] },
        { whenTaskIncludes: 'pay ada', text: 'Parent done.', toolCalls: [] },
        { whenTaskIncludes: 'send the money', text: 'Paying.', toolCalls: [{ name: 'pay', arguments: { amount: 5 } }] },
        { whenTaskIncludes: 'send the money', text: 'Child done.', toolCalls: [] },
      ],
      fallback: 'Done.',
    },
  };

  async function refusalOf(service: ApprovalService, approvalId: string, editedArguments: Record<string, unknown>) {
    return service.decide(principal, { approvalId, decision: 'edit', arguments: editedArguments }).then(
      () => 'accepted',
      (error: unknown) => (isDomainError(error) ? { kind: error.kind, field: error.field, message: error.message } : error),
    );
  }

  async function finishedRun(runId: string) {
    await expect
      .poll(async () => (await prisma().run.findUniqueOrThrow({ where: { id: runId } })).status, { timeout: 60_000 })
      .toMatch(/^(succeeded|failed|cancelled)$/);
    return prisma().run.findUniqueOrThrow({ where: { id: runId }, select: { status: true, errorKind: true } });
  }

  for (const [who, config] of [
    ['the agent', paysItself],
    ['a sub-agent', paysThroughSubAgent],
  ] as const) {
    it(`an edit of ${who}'s call that breaks the tool schema is refused with the field, changes nothing, and a fitting edit then runs`, async () => {
      const before = paid.length;
      const { runId, approvalId, toolCallId } = await waitingRun(config);

      expect(await refusalOf(test.platform.approvals, approvalId, { amount: -500 })).toEqual({
        kind: 'validation',
        field: 'arguments.amount',
        message: expect.stringMatching(/^arguments\.amount: .+ — the edited arguments must fit the input schema of tool "pay"$/) as string,
      });
      // Nothing was written: the approval, its call and the run still wait for a decision.
      expect(
        await prisma().approval.findUniqueOrThrow({ where: { id: approvalId }, select: { status: true, editedArguments: true, decidedBy: true } }),
      ).toEqual({
        status: 'pending',
        editedArguments: null,
        decidedBy: null,
      });
      expect(await prisma().toolCall.findUniqueOrThrow({ where: { id: toolCallId }, select: { status: true, editedArguments: true } })).toEqual({
        status: 'awaiting_approval',
        editedArguments: null,
      });
      expect((await prisma().run.findUniqueOrThrow({ where: { id: runId } })).status).toBe('waiting_human');
      expect(await prisma().runEvent.count({ where: { runId, type: 'approval-decided' } })).toBe(0);

      await test.platform.approvals.decide(principal, { approvalId, decision: 'edit', arguments: { amount: 7 } });
      expect(await finishedRun(runId)).toEqual({ status: 'succeeded', errorKind: null });
      expect(paid.slice(before)).toEqual([7]);
      expect(await prisma().toolCall.findUniqueOrThrow({ where: { id: toolCallId }, select: { status: true } })).toEqual({ status: 'succeeded' });
    });
  }

  it("an edit the platform cannot check (it does not hold the tool's schema) that does not fit rejects the call for the model to read; the run does not fail", async () => {
    const before = paid.length;
    const { runId, approvalId, toolCallId } = await waitingRun(paysItself);
    // As for an MCP tool, whose schema lives on its server: this service holds no catalog.
    const withoutSchemas = new ApprovalService(test.platform.database, () => test.platform.executor.wake());
    expect(await refusalOf(withoutSchemas, approvalId, { amount: -500 })).toBe('accepted');

    expect(await finishedRun(runId)).toEqual({ status: 'succeeded', errorKind: null });
    expect(paid.length).toBe(before);
    const call = await prisma().toolCall.findUniqueOrThrow({
      where: { id: toolCallId },
      select: { status: true, errorKind: true, errorMessage: true, callId: true },
    });
    expect(call).toMatchObject({ status: 'rejected', errorKind: 'rejected' });
    expect(call.errorMessage).toMatch(/the edit does not fit the tool's input schema, so the call did not run\. Invalid arguments for tool "pay":\n- amount: /);
    const toolMessage = await prisma().message.findFirstOrThrow({
      where: { runId, role: 'tool', toolCallId: call.callId },
      select: { content: true, isError: true },
    });
    expect(toolMessage).toEqual({ content: call.errorMessage, isError: true });
  });
});
