import { randomUUID } from 'node:crypto';

import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTenantAdmin, createTestAgent, createTestPlatform, silentLogger, startWebhookReceiver, type TestPlatform, type WebhookReceiver } from '../testing';
import { rowsOfRun, rowsOfTenant } from './testing/snapshot-rows';

/**
 * An erase removes its target and the copies of its content, and nothing else: not a row of another
 * tenant, not a row of another run of the same tenant that never read the erased content — whatever
 * the table (README, mutation testing, session 32: Stryker found deletes whose filters no test
 * checked). Each world has the same shape: approvals (one edited, one rejected), tool calls, memory
 * stored and read back, an episode, feedback, audit records and webhook deliveries.
 */
describe.each(databaseModes)('an erase leaves every other row as it was (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let otherTenant: Principal;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    test = await createTestPlatform(mode, silentLogger, { executor: { recoveryIntervalMs: 300 }, webhooks: { allowPrivateTargets: ['127.0.0.1'] } });
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    otherTenant = await createTenantAdmin(test, { slug: 'erase-bystander' });
    for (const owner of [principal, otherTenant]) {
      await test.platform.webhooks.create(owner, { url: receiver.url, eventTypes: ['run.completed', 'approval.requested', 'approval.decided'] });
    }
  }, 600_000);
  afterAll(async () => {
    await test?.dispose();
    await receiver?.close();
  });

  const statusOf = async (owner: Principal, runId: string) => (await test.platform.runs.get(owner, { runId })).status;

  /** A finished run in a thread of its own (its own agent and end user, so no memory is shared), with every kind of row. */
  async function contentRun(owner: Principal, label: string): Promise<{ runId: string; threadId: string }> {
    const agentId = await createTestAgent(test.platform.database, {
      tenantId: owner.tenantId,
      slug: `bystander-${label}-${randomUUID().slice(0, 8)}`,
      config: {
        tools: ['send_notification'],
        approvals: { send_notification: 'always' },
        demoScript: {
          replies: [
            {
              toolCalls: [
                { name: 'send_notification', arguments: { channel: 'ops', message: `deploy ${label}` } },
                { name: 'send_notification', arguments: { channel: 'all', message: `everyone ${label}` } },
              ],
            },
            { toolCalls: [{ name: 'memory_store', arguments: { content: `The code word of ${label} is ${randomUUID()}` } }] },
            // Reads its own memory back: an injection row that names this run and its own item.
            { toolCalls: [{ name: 'memory_search', arguments: { query: `code word of ${label}` } }] },
            { text: `All done for ${label}.` },
          ],
        },
      },
    });
    const thread = await test.platform.threads.create(owner, { agentId, endUserId: `user-${label}` });
    const { run } = await test.platform.runs.create(owner, { agentId, threadId: thread.id, input: `task of ${label}` });
    await expect.poll(() => statusOf(owner, run.id), { timeout: 60_000 }).toBe('waiting_human');
    const pending = (await test.platform.approvals.list(owner, { runId: run.id, status: 'pending' })).approvals;
    expect(pending).toHaveLength(2);
    const byChannel = (channel: string) => pending.find((approval) => (approval.originalArguments as { channel?: string }).channel === channel)!;
    await test.platform.approvals.decide(owner, { approvalId: byChannel('ops').id, decision: 'edit', arguments: { channel: 'ops', message: `edited ${label}` } });
    await test.platform.approvals.decide(owner, { approvalId: byChannel('all').id, decision: 'reject', reason: `not now, ${label}` });
    await expect.poll(() => statusOf(owner, run.id), { timeout: 60_000 }).toBe('succeeded');
    await test.platform.feedback.record(owner, { runId: run.id, label: 'resolved', reward: 1, comment: `feedback on ${label}` });
    // What the product writes elsewhere, written here directly: a fact-extraction decision with its
    // reason, and an evaluation case recorded from the run.
    const { prisma } = test.platform.database;
    await prisma.memoryDecision.create({ data: { tenantId: owner.tenantId, runId: run.id, event: 'none', reason: `nothing new in ${label}` } });
    const dataset = await prisma.evalDataset.create({ data: { tenantId: owner.tenantId, name: `cases of ${label} ${randomUUID().slice(0, 8)}` } });
    await prisma.evalCase.create({ data: { tenantId: owner.tenantId, datasetId: dataset.id, position: 1, addedInVersion: 1, sourceRunId: run.id, input: `task of ${label}` } });
    return { runId: run.id, threadId: thread.id };
  }

  /** Waits until the background writers are done with these runs (episodes, webhook deliveries), then stops them. */
  async function settle(runIds: string[]): Promise<void> {
    const { prisma } = test.platform.database;
    // Feedback marks a run's episode due again, so "written" is: no run pending, and an episode each.
    await expect.poll(() => prisma.run.count({ where: { id: { in: runIds }, episodePending: true } }), { timeout: 60_000 }).toBe(0);
    for (const runId of runIds) expect(await prisma.memoryItem.count({ where: { sourceRunId: runId, kind: 'episode' } })).toBeGreaterThan(0);
    await expect.poll(() => prisma.webhookDelivery.count({ where: { status: { in: ['pending', 'delivering'] } } }), { timeout: 60_000 }).toBe(0);
    await test.platform.executor.stop();
  }

  it('a run’s and then a thread’s erase change nothing of another tenant, nor of another run of the same tenant', async () => {
    await test.platform.executor.start();
    const target = await contentRun(principal, 'target');
    const sameTenant = await contentRun(principal, 'same-tenant');
    const elsewhere = await contentRun(otherTenant, 'elsewhere');
    const second = await contentRun(principal, 'second-target');
    await settle([target.runId, sameTenant.runId, elsewhere.runId, second.runId]);
    const { prisma } = test.platform.database;
    expect(await prisma.webhookDelivery.count({ where: { eventId: { startsWith: `${sameTenant.runId}:` } } })).toBeGreaterThan(0);
    expect(await prisma.approval.count({ where: { runId: sameTenant.runId } })).toBe(2);
    expect(await prisma.memoryInjection.count({ where: { runId: sameTenant.runId } })).toBeGreaterThan(0);
    expect(await prisma.auditLog.count({ where: { tenantId: principal.tenantId, targetType: 'approval' } })).toBeGreaterThanOrEqual(4);

    const otherTenantBefore = await rowsOfTenant(test.platform.database, otherTenant.tenantId);
    const sameTenantBefore = await rowsOfRun(test.platform.database, sameTenant.runId);
    const secondBefore = await rowsOfRun(test.platform.database, second.runId);
    // The snapshots hold what the erases could wrongly reach.
    expect(Object.keys(sameTenantBefore)).toEqual(
      expect.arrayContaining([
        'public.runs',
        'public.threads',
        'public.steps',
        'public.messages',
        'public.tool_calls',
        'public.approvals',
        'public.run_events',
        'public.checkpoints',
        'public.memory_items',
        'public.memory_injections',
        'public.run_feedback',
        'public.memory_decisions',
        'public.eval_cases',
        'public.audit_logs',
        'public.webhook_deliveries',
      ]),
    );
    expect(Object.keys(otherTenantBefore)).toEqual(expect.arrayContaining(['public.tenants', 'public.api_keys', 'public.agents', 'public.audit_logs', 'public.webhook_endpoints']));

    const targetRows = await rowsOfRun(test.platform.database, target.runId);
    const runReceipt = await test.platform.erase.eraseRun(principal, { runId: target.runId });
    // Every table's count is the rows that were there: nothing read the run, so nothing else went.
    const rowsIn = (table: string) => targetRows[table]?.length ?? 0;
    expect(runReceipt.counts).toEqual({
      runs_restarted: 0,
      memory_embedding: rowsIn('agentloom_vector.memory_embedding'),
      memory_injections: rowsIn('public.memory_injections'),
      memory_items: rowsIn('public.memory_items'),
      eval_cases: 1,
      memory_decisions_redacted: 0,
      webhook_deliveries: rowsIn('public.webhook_deliveries'),
      approvals: 2,
      run_waits: 0,
      run_feedback_redacted: 1,
      tool_calls: rowsIn('public.tool_calls'),
      checkpoints: rowsIn('public.checkpoints'),
      run_events: rowsIn('public.run_events'),
      messages: rowsIn('public.messages'),
      steps: rowsIn('public.steps'),
      runs: 1,
      threads: 0,
      messages_redacted: 0,
      checkpoints_redacted: 0,
      in_flight_replies_redacted: 0,
      tool_calls_redacted: 0,
      audit_logs_redacted: runReceipt.counts['audit_logs_redacted'],
    });
    expect(runReceipt.counts['audit_logs_redacted']).toBeGreaterThanOrEqual(2);
    // Its feedback stays in the version's aggregate, without its comment or its run.
    expect(await prisma.runFeedback.count({ where: { comment: 'feedback on target' } })).toBe(0);
    expect(await prisma.runFeedback.count({ where: { tenantId: principal.tenantId, runId: null, comment: '' } })).toBe(1);
    expect(Math.min(rowsIn('public.memory_items'), rowsIn('public.memory_injections'), rowsIn('public.webhook_deliveries'), rowsIn('public.tool_calls'))).toBeGreaterThan(0);
    // Nothing names the erased run any more but the erase's own audit record; its thread stays
    // (a run's erase keeps the thread).
    const remaining = await rowsOfRun(test.platform.database, target.runId);
    expect(Object.keys(remaining)).toEqual(['public.audit_logs']);
    expect(remaining['public.audit_logs']).toHaveLength(1);
    expect(remaining['public.audit_logs']![0]).toContain('"action": "run.erase"');
    expect(await prisma.thread.count({ where: { id: target.threadId } })).toBe(1);
    expect(await rowsOfTenant(test.platform.database, otherTenant.tenantId)).toEqual(otherTenantBefore);
    expect(await rowsOfRun(test.platform.database, sameTenant.runId)).toEqual(sameTenantBefore);
    expect(await rowsOfRun(test.platform.database, second.runId)).toEqual(secondBefore);

    const threadReceipt = await test.platform.erase.eraseThread(principal, { threadId: second.threadId });
    expect(threadReceipt.counts).toMatchObject({ runs: 1, threads: 1, approvals: 2 });
    expect(await prisma.thread.count({ where: { id: second.threadId } })).toBe(0);
    expect(await prisma.thread.count({ where: { id: target.threadId } })).toBe(1);
    expect(await rowsOfTenant(test.platform.database, otherTenant.tenantId)).toEqual(otherTenantBefore);
    expect(await rowsOfRun(test.platform.database, sameTenant.runId)).toEqual(sameTenantBefore);
  });

  it('a run or thread of another tenant is not found by its id, and nothing of it goes', async () => {
    const { prisma } = test.platform.database;
    const run = await prisma.run.findFirstOrThrow({ where: { tenantId: otherTenant.tenantId }, select: { id: true, threadId: true } });
    const before = await rowsOfTenant(test.platform.database, otherTenant.tenantId);
    await expect(test.platform.erase.eraseRun(principal, { runId: run.id })).rejects.toMatchObject({ kind: 'not-found', field: 'runId' });
    await expect(test.platform.erase.eraseThread(principal, { threadId: run.threadId })).rejects.toMatchObject({ kind: 'not-found', field: 'threadId' });
    await expect(test.platform.erase.eraseTenant(principal, { confirmTenantId: otherTenant.tenantId })).rejects.toMatchObject({ kind: 'validation', field: 'confirmTenantId' });
    expect(await rowsOfTenant(test.platform.database, otherTenant.tenantId)).toEqual(before);
  });

  it('needs the operator role for a run or a thread and the admin role for the tenant, through a key still live', async () => {
    const { prisma } = test.platform.database;
    const agentId = await createTestAgent(test.platform.database, { tenantId: principal.tenantId, slug: `who-may-${randomUUID().slice(0, 8)}`, config: {} });
    const version = await prisma.agentVersion.findFirstOrThrow({ where: { agentId } });
    const thread = await test.platform.threads.create(principal, { agentId });
    const run = await prisma.run.create({
      data: { tenantId: principal.tenantId, agentId, agentVersionId: version.id, threadId: thread.id, status: 'succeeded', input: { text: 'erase me' }, finishedAt: new Date() },
    });
    const keyOf = async (role: 'viewer' | 'operator') => {
      const created = await test.platform.apiKeys.create(principal, { name: `${role} ${randomUUID()}`, role });
      return { id: created.id, principal: (await test.platform.auth.authenticate(created.key))! };
    };
    const viewer = await keyOf('viewer');
    const operator = await keyOf('operator');
    await expect(test.platform.erase.eraseRun(viewer.principal, { runId: run.id })).rejects.toMatchObject({ kind: 'forbidden' });
    await expect(test.platform.erase.eraseThread(viewer.principal, { threadId: thread.id })).rejects.toMatchObject({ kind: 'forbidden' });
    await expect(test.platform.erase.eraseTenant(operator.principal, { confirmTenantId: principal.tenantId })).rejects.toMatchObject({ kind: 'forbidden' });
    // A key revoked after it authenticated erases nothing.
    await test.platform.apiKeys.revoke(principal, { apiKeyId: operator.id });
    await expect(test.platform.erase.eraseRun(operator.principal, { runId: run.id })).rejects.toMatchObject({ kind: 'unauthenticated' });
    await expect(test.platform.erase.eraseThread(operator.principal, { threadId: thread.id })).rejects.toMatchObject({ kind: 'unauthenticated' });
    expect(await prisma.run.count({ where: { id: run.id } })).toBe(1);
    // A live operator key may.
    const live = await keyOf('operator');
    await expect(test.platform.erase.eraseRun(live.principal, { runId: run.id })).resolves.toMatchObject({ unit: 'run', id: run.id, counts: { runs: 1 } });
    await expect(test.platform.erase.eraseThread(live.principal, { threadId: thread.id })).resolves.toMatchObject({ unit: 'thread', counts: { threads: 1 } });
  });

  it('refuses to erase a run that is queued or running, or a thread that has one, and erases nothing', async () => {
    const { prisma } = test.platform.database;
    const agentId = await createTestAgent(test.platform.database, { tenantId: principal.tenantId, slug: `active-${randomUUID().slice(0, 8)}`, config: {} });
    const version = await prisma.agentVersion.findFirstOrThrow({ where: { agentId } });
    for (const status of ['queued', 'running'] as const) {
      const thread = await test.platform.threads.create(principal, { agentId });
      const run = await prisma.run.create({ data: { tenantId: principal.tenantId, agentId, agentVersionId: version.id, threadId: thread.id, status, input: { text: 'busy' } } });
      await expect(test.platform.erase.eraseRun(principal, { runId: run.id })).rejects.toMatchObject({ kind: 'conflict', field: 'runId' });
      await expect(test.platform.erase.eraseThread(principal, { threadId: thread.id })).rejects.toMatchObject({ kind: 'conflict', field: 'threadId' });
      expect(await prisma.run.count({ where: { id: run.id } })).toBe(1);
      expect(await prisma.thread.count({ where: { id: thread.id } })).toBe(1);
      await prisma.run.update({ where: { id: run.id }, data: { status: 'cancelled', finishedAt: new Date() } });
      await expect(test.platform.erase.eraseRun(principal, { runId: run.id })).resolves.toMatchObject({ counts: { runs: 1 } });
    }
  });

  it('a tenant’s own erase leaves every row of another tenant', async () => {
    const before = await rowsOfTenant(test.platform.database, principal.tenantId);
    const receipt = await test.platform.erase.eraseTenant(otherTenant, { confirmTenantId: otherTenant.tenantId });
    expect(receipt.counts['tenants']).toBe(1);
    // Nothing of the tenant survives, so nothing is redacted: the receipt counts deletions only.
    expect(Object.keys(receipt.counts).sort()).toEqual(
      [
        'agent_versions', 'agents', 'api_keys', 'approvals', 'audit_logs', 'checkpoints', 'eval_cases', 'mcp_servers', 'memory_decisions_redacted',
        'memory_embedding', 'memory_injections', 'memory_items', 'messages', 'run_events', 'run_feedback_redacted', 'run_waits', 'runs', 'sessions', 'steps',
        'tenants', 'threads', 'tool_calls', 'webhook_deliveries', 'webhook_endpoints',
      ].sort(),
    );
    expect(await rowsOfTenant(test.platform.database, otherTenant.tenantId)).toEqual({});
    expect(await rowsOfTenant(test.platform.database, principal.tenantId)).toEqual(before);
  });
});
