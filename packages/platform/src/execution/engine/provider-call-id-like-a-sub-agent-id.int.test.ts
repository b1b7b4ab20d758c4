import { databaseModes } from '@agentloom/db/testing';
import { defineTool } from '@agentloom/runtime';
import { openAiStream, startWireServer, type WireServer } from '@agentloom/runtime/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import type { Principal } from '../../auth/roles';
import { createTestAgent, createTestPlatform, silentLogger, type TestPlatform } from '../../testing';

/**
 * End to end, no fabricated step: an OpenAI-compatible endpoint chooses its tool-call ids. An audit had the parent
 * call `read_account` under `D/child-1/c`, then delegate under `D`; the sub-agent asked for `close_account` under
 * `c`, whose qualified id is `D/child-1/c` (ADR 0105). The gate was attached to the `read_account` row: the inbox
 * showed a read, and approving it closed the account. A provider's id with the sub-agent separator now gets a fresh
 * id in the runtime, so the two calls never share one; the reviewer sees the call that runs.
 */
describe.each(databaseModes)('a provider call id shaped like a sub-agent call id (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let provider: WireServer;
  const closed: string[] = [];
  const readAccount = defineTool({
    name: 'read_account',
    description: 'Reads an account.',
    implementationId: 'test-bank/v1/read_account',
    inputSchema: z.object({ account: z.string() }),
    sideEffects: 'none',
    execute: (args) => Promise.resolve({ content: `account ${args.account}: open` }),
  });
  const closeAccount = defineTool({
    name: 'close_account',
    description: 'Closes an account.',
    implementationId: 'test-bank/v1/close_account',
    inputSchema: z.object({ account: z.string() }),
    sideEffects: 'unsafe',
    execute: (args) => {
      closed.push(args.account);
      return Promise.resolve({ content: `closed ${args.account}` });
    },
  });
  beforeAll(async () => {
    provider = await startWireServer();
    test = await createTestPlatform(mode, silentLogger, { tools: [readAccount, closeAccount], outbound: { allowPrivateTargets: ['127.0.0.1'] }, executor: { pollMs: 50 } });
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    await test.platform.executor.start();
  });
  afterAll(async () => {
    await test?.dispose();
    await provider?.close();
  });
  const statusOf = async (runId: string) => (await test.platform.runs.get(principal, { runId })).status;

  it('shows the sub-agent’s gate as close_account, on a row of its own, and the parent’s read keeps its row', async () => {
    closed.length = 0;
    provider.reply(
      openAiStream({ toolCalls: [{ id: 'D/child-1/c', name: 'read_account', argumentFragments: ['{"account":"ACC-E"}'] }] }),
      openAiStream({ toolCalls: [{ id: 'D', name: 'delegate', argumentFragments: ['{"agent":"closer","task":"Close the account"}'] }] }),
      openAiStream({ toolCalls: [{ id: 'c', name: 'close_account', argumentFragments: ['{"account":"ACC-E"}'] }] }),
      openAiStream({ textDeltas: ['Closed.'] }),
      openAiStream({ textDeltas: ['Done.'] }),
    );
    const agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: 'banker',
      config: {
        model: { provider: 'openai-compatible', model: 'm', baseURL: provider.baseURL },
        tools: ['read_account', 'close_account'],
        approvals: { close_account: 'always' },
        subAgents: [{ name: 'closer', description: 'Closes accounts', instructions: 'You close accounts.' }],
        completion: { verify: false, requireToolEvidence: false },
      },
    });
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'Check ACC-E' });
    await expect.poll(() => statusOf(run.id), { timeout: 60_000 }).toMatch(/^(waiting_human|succeeded|failed|cancelled)$/);
    expect(await statusOf(run.id)).toBe('waiting_human');
    const pending = (await test.platform.approvals.list(principal, { runId: run.id, status: 'pending' })).approvals;
    expect(pending.map((approval) => ({ toolName: approval.toolName, arguments: approval.originalArguments }))).toEqual([{ toolName: 'close_account', arguments: { account: 'ACC-E' } }]);
    for (const approval of pending) await test.platform.approvals.decide(principal, { approvalId: approval.id, decision: 'approve' });
    await expect.poll(() => statusOf(run.id), { timeout: 60_000 }).toMatch(/^(succeeded|failed|cancelled)$/);
    expect(await statusOf(run.id)).toBe('succeeded');
    expect(closed).toEqual(['ACC-E']);

    const { prisma } = test.platform.database;
    const calls = await prisma.toolCall.findMany({ where: { runId: run.id }, select: { callId: true, name: true, status: true }, orderBy: { createdAt: 'asc' } });
    const read = calls.find((call) => call.name === 'read_account');
    expect(read).toMatchObject({ status: 'succeeded', callId: expect.stringMatching(/^call_/) as unknown });
    expect(calls.find((call) => call.name === 'close_account')).toEqual({ callId: 'D/child-1/c', name: 'close_account', status: 'succeeded' });
    // The stored transcript (what the provider is sent back) answers the read under the id its call was given.
    const messages = await prisma.message.findMany({ where: { runId: run.id }, orderBy: { index: 'asc' }, select: { role: true, toolCalls: true, toolCallId: true } });
    const assistantIds = messages.flatMap((message) => (Array.isArray(message.toolCalls) ? (message.toolCalls as { id: string }[]).map((call) => call.id) : []));
    const answeredIds = messages.filter((message) => message.role === 'tool').map((message) => message.toolCallId);
    expect(assistantIds).toEqual([read!.callId, 'D']);
    expect(answeredIds).toEqual([read!.callId, 'D']);
    // On the wire: the parent's second request carries the read's call and its result under that one new id.
    const secondRequest = provider.requests[1]!.body as { messages: { role: string; tool_calls?: { id: string }[]; tool_call_id?: string }[] };
    const wireCall = secondRequest.messages.find((message) => message.role === 'assistant')?.tool_calls?.map((call) => call.id);
    const wireResult = secondRequest.messages.find((message) => message.role === 'tool')?.tool_call_id;
    expect({ wireCall, wireResult }).toEqual({ wireCall: [read!.callId], wireResult: read!.callId });
  });
});
