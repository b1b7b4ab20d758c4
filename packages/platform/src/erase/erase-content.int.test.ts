import { randomUUID } from 'node:crypto';

import type { Prisma } from '@agentloom/db';
import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { scanForContent } from '../memory/testing/scan-for-content';
import { scanForIds } from '../memory/testing/scan-for-id';
import { createTestPlatform, silentLogger, startWebhookReceiver, type TestPlatform, type WebhookReceiver } from '../testing';

/**
 * Erase by content: unique marker words planted in every field that holds user content — run input,
 * tool arguments, edited approval arguments, reject reason, memory text, the final answer (and so
 * thread history, episodes and webhook payloads, which copy them) — must be found in no text or
 * JSON column of any table after the erase.
 */
describe.each(databaseModes)('erase leaves no content behind (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    test = await createTestPlatform(mode, silentLogger, { executor: { recoveryIntervalMs: 300 }, webhooks: { allowPrivateTargets: ['127.0.0.1'] } });
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    await test.platform.executor.start();
  });
  afterAll(async () => {
    await test?.dispose();
    await receiver?.close();
  });

  const markersFor = (label: string) => {
    const word = (field: string) => `zq${label}${field}${randomUUID().slice(0, 8)}`;
    return { input: word('input'), argument: word('argument'), edited: word('edited'), reason: word('reason'), memory: word('memory'), answer: word('answer') };
  };
  type Markers = ReturnType<typeof markersFor>;

  const createAgent = async (config: Prisma.InputJsonObject): Promise<string> => {
    const { prisma } = test.platform.database;
    const agent = await prisma.agent.create({ data: { tenantId: principal.tenantId, slug: `erase-${randomUUID()}`, name: 'Erase test agent' } });
    await prisma.agentVersion.create({ data: { tenantId: principal.tenantId, agentId: agent.id, version: 1, config, configHash: randomUUID() } });
    return agent.id;
  };
  const statusOf = async (runId: string) => (await test.platform.runs.get(principal, { runId })).status;

  /**
   * An agent whose "first" runs propose two notifications (one gets approved with edited arguments,
   * one rejected with a reason), store a memory and answer — each carrying a marker; its "second"
   * runs search memory for that marker.
   */
  const contentAgent = (markers: Markers): Promise<string> =>
    createAgent({
      tools: ['send_notification'],
      approvals: { send_notification: 'always' },
      demoScript: {
        replies: [
          {
            whenTaskIncludes: 'first',
            toolCalls: [
              { name: 'send_notification', arguments: { channel: 'ops', message: `deploy ${markers.argument}` } },
              { name: 'send_notification', arguments: { channel: 'all', message: `everyone ${markers.argument}` } },
            ],
          },
          { whenTaskIncludes: 'first', toolCalls: [{ name: 'memory_store', arguments: { content: `The code word is ${markers.memory}` } }] },
          { whenTaskIncludes: 'first', text: `All done: ${markers.answer}` },
          { whenTaskIncludes: 'second', toolCalls: [{ name: 'memory_search', arguments: { query: 'code word' } }] },
          { whenTaskIncludes: 'second', text: 'Second run done.' },
        ],
      },
    });

  const contentRun = async (markers: Markers, agentId: string, threadId: string): Promise<string> => {
    const { run } = await test.platform.runs.create(principal, { agentId, threadId, input: `first task ${markers.input}` });
    await expect.poll(() => statusOf(run.id), { timeout: 60_000 }).toBe('waiting_human');
    const pending = (await test.platform.approvals.list(principal, { runId: run.id, status: 'pending' })).approvals;
    expect(pending).toHaveLength(2);
    const edited = pending.find((approval) => channelOf(approval.originalArguments) === 'ops')!;
    const rejected = pending.find((approval) => channelOf(approval.originalArguments) === 'all')!;
    await test.platform.approvals.decide(principal, { approvalId: edited.id, decision: 'edit', arguments: { channel: 'ops', message: `edited ${markers.edited}` } });
    await test.platform.approvals.decide(principal, { approvalId: rejected.id, decision: 'reject', reason: `not now ${markers.reason}` });
    await expect.poll(() => statusOf(run.id), { timeout: 60_000 }).toBe('succeeded');
    return run.id;
  };

  const channelOf = (argumentsValue: unknown) => (argumentsValue as { channel?: string } | null)?.channel;
  const episodesOf = (runId: string) => test.platform.database.prisma.memoryItem.count({ where: { sourceRunId: runId, kind: 'episode' } });
  const values = (markers: Markers) => Object.values(markers);
  /**
   * The offline demo model plays its script from the agent version's config, so the scripted tool
   * arguments and answers sit there too: agent configuration, which a run or thread erase keeps and
   * a tenant erase removes (that scan includes it).
   */
  const runContentOnly = { exceptColumns: ['agent_versions.config'] };

  it('erasing a run removes its content from later runs of the thread, other runs\u2019 memory reads, audit, episodes and webhooks', async () => {
    const markers = markersFor('run');
    await test.platform.webhooks.create(principal, { url: receiver.url, eventTypes: ['run.completed', 'approval.requested', 'approval.decided'] });
    const agentId = await contentAgent(markers);
    const thread = await test.platform.threads.create(principal, { agentId });
    const first = await contentRun(markers, agentId, thread.id);
    const { run: second } = await test.platform.runs.create(principal, { agentId, threadId: thread.id, input: 'second task' });
    await expect.poll(() => statusOf(second.id), { timeout: 60_000 }).toBe('succeeded');
    // Wait for the background episode of both runs and the webhook outbox, so the erase meets every copy.
    await expect.poll(() => episodesOf(first), { timeout: 60_000 }).toBe(1);
    await expect.poll(() => episodesOf(second.id), { timeout: 60_000 }).toBe(1);
    const { prisma } = test.platform.database;
    const [delivery] = (await test.platform.webhooks.listDeliveries(principal, { webhookId: (await test.platform.webhooks.list(principal)).webhooks[0]!.id })).deliveries;
    await test.platform.webhooks.redeliver(principal, { deliveryId: delivery!.id });
    // Every marker is somewhere before the erase: the scan can see them.
    const before = await scanForContent(test.platform.database, values(markers), runContentOnly);
    expect(before).toEqual(expect.arrayContaining(['runs.input', 'tool_calls.arguments', 'approvals.edited_arguments', 'approvals.decision_reason', 'memory_items.content', 'audit_logs.after', 'webhook_deliveries.payload']));
    expect(await prisma.message.count({ where: { runId: second.id, kind: 'thread_history', sourceRunIds: { has: first } } })).toBe(2);
    // A compaction summary of the later run is model-written from a view that held the copied turn:
    // stand in for a model that quoted it (the demo model does not compact).
    await prisma.$executeRawUnsafe(
      `UPDATE checkpoints SET state = jsonb_set(state::jsonb, '{context,summary}', to_jsonb($2::text)) WHERE run_id = $1::uuid`,
      second.id,
      `Earlier the user asked about ${markers.input}`,
    );
    const approvalIds = (await prisma.approval.findMany({ where: { runId: first }, select: { id: true } })).map((approval) => approval.id);
    const toolCallIds = (await prisma.toolCall.findMany({ where: { runId: first }, select: { id: true } })).map((call) => call.id);

    const receipt = await test.platform.erase.eraseRun(principal, { runId: first });

    expect(await scanForContent(test.platform.database, values(markers), runContentOnly)).toEqual([]);
    expect(await scanForIds(test.platform.database, [first, ...approvalIds, ...toolCallIds])).toEqual([]);
    expect(receipt.counts).toMatchObject({ runs: 1, approvals: 2 });
    expect(receipt.counts['messages_redacted']).toBeGreaterThanOrEqual(3);
    expect(receipt.counts['audit_logs_redacted']).toBeGreaterThanOrEqual(3);
    expect(receipt.counts['tool_calls_redacted']).toBe(1);
    expect(receipt.counts['checkpoints_redacted']).toBeGreaterThanOrEqual(1);
    expect(receipt.counts['webhook_deliveries']).toBeGreaterThan(0);
    // The later run is still there, its copied turn replaced.
    expect(await statusOf(second.id)).toBe('succeeded');
    const history = await prisma.message.findMany({ where: { runId: second.id, kind: 'thread_history' }, orderBy: { index: 'asc' } });
    expect(history.map((message) => message.content)).toEqual(['[erased]', '[erased]']);
  });

  it('erasing a thread and then the tenant removes every marker, and the tenant receipt counts webhook endpoints', async () => {
    const markers = markersFor('thread');
    const agentId = await contentAgent(markers);
    const thread = await test.platform.threads.create(principal, { agentId, title: 'Erase me' });
    await contentRun(markers, agentId, thread.id);
    const receipt = await test.platform.erase.eraseThread(principal, { threadId: thread.id });
    expect(receipt.counts).toMatchObject({ runs: 1, threads: 1, approvals: 2 });
    expect(await scanForContent(test.platform.database, values(markers), runContentOnly)).toEqual([]);

    const tenantMarkers = markersFor('tenant');
    const tenantAgent = await contentAgent(tenantMarkers);
    const tenantThread = await test.platform.threads.create(principal, { agentId: tenantAgent });
    await contentRun(tenantMarkers, tenantAgent, tenantThread.id);
    const tenantReceipt = await test.platform.erase.eraseTenant(principal, { confirmTenantId: principal.tenantId });
    expect(tenantReceipt.counts['tenants']).toBe(1);
    expect(tenantReceipt.counts['webhook_endpoints']).toBe(1);
    expect(tenantReceipt.counts['webhook_deliveries']).toBeGreaterThan(0);
    expect(await scanForContent(test.platform.database, values(tenantMarkers))).toEqual([]);
    expect(await scanForIds(test.platform.database, [principal.tenantId])).toEqual([]);
  });
});
