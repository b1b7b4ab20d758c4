import { randomUUID } from 'node:crypto';

import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { rowsOfTenant } from '../erase/testing/snapshot-rows';
import type { Platform } from '../create-platform';
import { createTestAgent, createTestPlatform, silentLogger, type TestPlatform } from '../testing';
import type { Principal, Role } from './roles';

type Change = (platform: Platform, principal: Principal) => Promise<unknown>;

/** For the methods whose input is typed: an empty one reaches them all the same from an untyped caller. */
const typedEmptyInput = {} as never;

/**
 * Every change a tenant key can make, with the least role it needs. The services check it themselves
 * (ADR 0103: the transports check too, so no route can forget it); this list is what says so for each one.
 * The input is empty on purpose: the role is checked before anything is read or validated, so a key
 * without it learns nothing, not even which fields are wrong.
 */
const changes: [name: string, least: Role, change: Change][] = [
  ['runs.create', 'operator', (platform, principal) => platform.runs.create(principal, {})],
  ['runs.cancel', 'operator', (platform, principal) => platform.runs.cancel(principal, {})],
  ['runs.resumeBudgetPause', 'operator', (platform, principal) => platform.runs.resumeBudgetPause(principal, {})],
  ['runs.retry', 'operator', (platform, principal) => platform.runs.retry(principal, {})],
  ['runs.rerun', 'operator', (platform, principal) => platform.runs.rerun(principal, {})],
  ['runs.fork', 'operator', (platform, principal) => platform.runs.fork(principal, {})],
  ['threads.create', 'operator', (platform, principal) => platform.threads.create(principal, {})],
  ['threads.rename', 'operator', (platform, principal) => platform.threads.rename(principal, {})],
  ['threads.archive', 'operator', (platform, principal) => platform.threads.archive(principal, {})],
  ['approvals.decide', 'operator', (platform, principal) => platform.approvals.decide(principal, {})],
  ['approvals.decideMany', 'operator', (platform, principal) => platform.approvals.decideMany(principal, {})],
  ['waits.deliver', 'operator', (platform, principal) => platform.waits.deliver(principal, {})],
  ['feedback.record', 'operator', (platform, principal) => platform.feedback.record(principal, {})],
  ['memory.store', 'operator', (platform, principal) => platform.memory.store(principal, {})],
  ['memory.forget', 'operator', (platform, principal) => platform.memory.forget(principal, {})],
  ['memory.pin', 'operator', (platform, principal) => platform.memory.pin(principal, {})],
  ['memory.undoDecision', 'operator', (platform, principal) => platform.memory.undoDecision(principal, {})],
  ['erase.eraseRun', 'operator', (platform, principal) => platform.erase.eraseRun(principal, {})],
  ['erase.eraseThread', 'operator', (platform, principal) => platform.erase.eraseThread(principal, {})],
  ['schedules.create', 'operator', (platform, principal) => platform.schedules.create(principal, {})],
  ['schedules.delete', 'operator', (platform, principal) => platform.schedules.delete(principal, {})],
  ['batches.submit', 'operator', (platform, principal) => platform.batches.submit(principal, {})],
  ['batches.cancel', 'operator', (platform, principal) => platform.batches.cancel(principal, {})],
  ['datasets.create', 'operator', (platform, principal) => platform.datasets.create(principal, {})],
  ['experiments.create', 'operator', (platform, principal) => platform.experiments.create(principal, {})],
  ['agents.create', 'admin', (platform, principal) => platform.agents.create(principal, typedEmptyInput)],
  ['agents.saveVersion', 'admin', (platform, principal) => platform.agents.saveVersion(principal, typedEmptyInput)],
  ['apiKeys.create', 'admin', (platform, principal) => platform.apiKeys.create(principal, {})],
  ['apiKeys.revoke', 'admin', (platform, principal) => platform.apiKeys.revoke(principal, {})],
  ['budgets.set', 'admin', (platform, principal) => platform.budgets.set(principal, {})],
  ['modelPrices.set', 'admin', (platform, principal) => platform.modelPrices.set(principal, {})],
  ['webhooks.create', 'admin', (platform, principal) => platform.webhooks.create(principal, {})],
  ['mcpServers.create', 'admin', (platform, principal) => platform.mcpServers.create(principal, {})],
  ['concurrencyLimits.set', 'admin', (platform, principal) => platform.concurrencyLimits.set(principal, {})],
  ['erase.eraseTenant', 'admin', (platform, principal) => platform.erase.eraseTenant(principal, {})],
];

const weaker: Record<Role, Role[]> = { viewer: [], operator: ['viewer'], admin: ['viewer', 'operator'] };

describe.each(databaseModes)('services check the role of every change themselves (%s)', (mode) => {
  let test: TestPlatform;
  let admin: Principal;
  const principals = new Map<Role, Principal>();

  beforeAll(async () => {
    // Loopback targets are allowed, as AGENTLOOM_ALLOW_PRIVATE_TARGETS would: nothing here is ever called.
    test = await createTestPlatform(mode, silentLogger, { outbound: { allowPrivateTargets: ['127.0.0.1'] }, webhooks: { allowPrivateTargets: ['127.0.0.1'] } });
    admin = (await test.platform.auth.authenticate(test.adminKey))!;
    for (const role of ['viewer', 'operator'] as const) {
      const created = await test.platform.apiKeys.create(admin, { name: `a ${role}`, role });
      principals.set(role, (await test.platform.auth.authenticate(created.key))!);
    }
  }, 600_000);
  afterAll(() => test?.dispose());

  it('refuses each change to every role below the one it needs, before reading its input, and writes nothing', async () => {
    const before = await rowsOfTenant(test.platform.database, admin.tenantId);
    const refused: string[] = [];
    for (const [name, least, change] of changes) {
      for (const role of weaker[least]) {
        const error = await change(test.platform, principals.get(role)!).then(
          () => undefined,
          (rejection: unknown) => rejection,
        );
        expect(error, `${name} as ${role}`).toMatchObject({ kind: 'forbidden' });
        expect((error as Error).message, `${name} as ${role}`).toContain(`your key has ${role}`);
        refused.push(`${name}:${role}`);
      }
    }
    expect(refused).toHaveLength(changes.reduce((total, [, least]) => total + weaker[least].length, 0));
    expect(await rowsOfTenant(test.platform.database, admin.tenantId)).toEqual(before);
  });

  it('lets the role a change needs through to its input check', async () => {
    for (const [name, least, change] of changes) {
      if (name === 'erase.eraseTenant') continue; // its empty input is a validation error like the others, but keep the tenant whatever happens
      const principal = least === 'admin' ? admin : principals.get(least)!;
      await expect(change(test.platform, principal), name).rejects.toMatchObject({ kind: 'validation' });
    }
  });

  it('adds no webhook, MCP server, agent or agent version through a key revoked after it authenticated', async () => {
    const runnable = { demoScript: { replies: [{ text: 'Done.' }] } };
    const server = await test.platform.mcpServers.create(admin, { name: 'revocation-target', transport: 'streamable-http', url: 'http://127.0.0.1:9/mcp' });
    const agent = await test.platform.agents.create(admin, { slug: 'revocation-target', name: 'Revocation target', config: runnable });
    const created = await test.platform.apiKeys.create(admin, { name: 'an admin revoked after it authenticated', role: 'admin' });
    const stale = (await test.platform.auth.authenticate(created.key))!;
    await test.platform.apiKeys.revoke(admin, { apiKeyId: created.id });
    // Each change is valid as given: the same calls through a live key succeed below.
    const changes: [string, (principal: Principal) => Promise<unknown>][] = [
      ['webhooks.create', (principal) => test.platform.webhooks.create(principal, { url: 'http://127.0.0.1:9/hook', eventTypes: ['run.completed'] })],
      ['mcpServers.create', (principal) => test.platform.mcpServers.create(principal, { name: `added-${principal.apiKeyId.slice(0, 8)}`, transport: 'streamable-http', url: 'http://127.0.0.1:9/other' })],
      ['mcpServers.update', (principal) => test.platform.mcpServers.update(principal, { mcpServerId: server.id, url: 'http://127.0.0.1:9/moved' })],
      ['agents.create', (principal) => test.platform.agents.create(principal, { slug: `added-${principal.apiKeyId.slice(0, 8)}`, name: 'Added', config: runnable })],
      ['agents.saveVersion', (principal) => test.platform.agents.saveVersion(principal, { agentId: agent.id, config: { ...runnable, instructions: 'changed' } })],
    ];
    const before = await rowsOfTenant(test.platform.database, admin.tenantId);
    for (const [name, change] of changes) await expect(change(stale), name).rejects.toMatchObject({ kind: 'unauthenticated' });
    expect(await rowsOfTenant(test.platform.database, admin.tenantId)).toEqual(before);
    for (const [name, change] of changes) await expect(change(admin), name).resolves.toBeDefined();
  });

  describe('an approval decision', () => {
    async function pendingApproval(): Promise<{ runId: string; approvalId: string }> {
      const agentId = await createTestAgent(test.platform.database, {
        tenantId: admin.tenantId,
        slug: `gated-${randomUUID().slice(0, 8)}`,
        config: {
          tools: ['send_notification'],
          approvals: { send_notification: 'always' },
          demoScript: { replies: [{ toolCalls: [{ name: 'send_notification', arguments: { channel: 'ops', message: 'deploy' } }] }, { text: 'Sent.' }] },
        },
      });
      const { run } = await test.platform.runs.create(admin, { agentId, input: 'notify ops' });
      await test.platform.executor.start();
      await expect.poll(async () => (await test.platform.runs.get(admin, { runId: run.id })).status, { timeout: 60_000 }).toBe('waiting_human');
      const [approval] = (await test.platform.approvals.list(admin, { runId: run.id, status: 'pending' })).approvals;
      return { runId: run.id, approvalId: approval!.id };
    }

    it('is refused to a key revoked after it authenticated, and the approval stays pending for someone else', async () => {
      const created = await test.platform.apiKeys.create(admin, { name: 'revoked after it authenticated', role: 'operator' });
      const stale = (await test.platform.auth.authenticate(created.key))!;
      const { runId, approvalId } = await pendingApproval();
      await test.platform.apiKeys.revoke(admin, { apiKeyId: created.id });

      for (const decide of [
        () => test.platform.approvals.decide(stale, { approvalId, decision: 'approve' }),
        () => test.platform.approvals.decideMany(stale, { approvalIds: [approvalId], decision: 'approve' }),
      ]) {
        await expect(decide()).rejects.toMatchObject({ kind: 'unauthenticated' });
      }
      const { prisma } = test.platform.database;
      expect(await prisma.approval.findUniqueOrThrow({ where: { id: approvalId }, select: { status: true, decidedBy: true } })).toEqual({ status: 'pending', decidedBy: null });
      expect(await prisma.auditLog.count({ where: { targetId: approvalId } })).toBe(0);
      expect(await prisma.runEvent.count({ where: { runId, type: 'approval-decided' } })).toBe(0);

      const decided = await test.platform.approvals.decide(principals.get('operator')!, { approvalId, decision: 'approve' });
      expect(decided).toMatchObject({ status: 'approved', decidedBy: 'a operator' });
      await expect.poll(async () => (await test.platform.runs.get(admin, { runId })).status, { timeout: 60_000 }).toBe('succeeded');
    });
  });
});
