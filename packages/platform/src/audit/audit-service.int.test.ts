import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestPlatform, type TestPlatform } from '../testing';
import { recordAudit } from './record-audit';

describe.each(databaseModes)('audit log query (%s)', (mode) => {
  let test: TestPlatform;
  let admin: Principal;
  let operator: Principal;
  let operatorKeyId: string;

  beforeAll(async () => {
    test = await createTestPlatform(mode);
    admin = (await test.platform.auth.authenticate(test.adminKey))!;
    const operatorKey = await test.platform.apiKeys.create(admin, { name: 'ops', role: 'operator' });
    operatorKeyId = operatorKey.id;
    operator = (await test.platform.auth.authenticate(operatorKey.key))!;
    await test.platform.apiKeys.revoke(admin, { apiKeyId: (await test.platform.apiKeys.create(admin, { name: 'short-lived', role: 'viewer' })).id });
    const agentId = (await test.platform.agents.list(admin))[0]!.id;
    const { run } = await test.platform.runs.create(operator, { agentId, input: 'audited' });
    await test.platform.runs.cancel(operator, { runId: run.id });
    await test.platform.database.prisma.$transaction((transaction) =>
      recordAudit(transaction, { tenantId: admin.tenantId, system: 'retention' }, { action: 'run.erase', targetType: 'run', targetId: run.id }),
    );
  });
  afterAll(() => test?.dispose());

  it('lists newest first with actor names, and pages with a cursor without gaps or repeats', async () => {
    const all = await test.platform.audit.list(admin, { limit: 200 });
    expect(all.nextCursor).toBeNull();
    expect(all.entries[0]).toMatchObject({ action: 'run.erase', actorType: 'system', actorId: 'retention', actorName: null });
    const ids = all.entries.map((entry) => entry.id);
    expect([...ids].sort().reverse()).toEqual(ids);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await test.platform.audit.list(admin, { limit: 2, ...(cursor ? { cursor } : {}) });
      seen.push(...page.entries.map((entry) => entry.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(ids);
  });

  it('filters by action, actor, target and time window', async () => {
    const created = await test.platform.audit.list(admin, { action: 'api-key.create' });
    expect(created.entries.map((entry) => (entry.after as { name: string }).name).sort()).toEqual(['ops', 'short-lived']);
    expect(created.entries[0]).toMatchObject({ actorId: admin.apiKeyId, actorName: admin.apiKeyName });
    const byOperator = await test.platform.audit.list(admin, { actorId: operator.apiKeyId });
    expect(byOperator.entries.length).toBeGreaterThan(0);
    expect(byOperator.entries.every((entry) => entry.actorName === 'ops')).toBe(true);
    const aboutKey = await test.platform.audit.list(admin, { targetType: 'api_key', targetId: operatorKeyId });
    expect(aboutKey.entries.map((entry) => entry.action)).toEqual(['api-key.create']);
    expect((await test.platform.audit.list(admin, { to: '2000-01-01' })).entries).toEqual([]);
    expect((await test.platform.audit.list(admin, { from: new Date(Date.now() - 60_000).toISOString() })).entries.length).toBe(
      (await test.platform.audit.list(admin, { limit: 200 })).entries.length,
    );
  });

  it('offers the actions and target types in use as filter facets', async () => {
    const facets = await test.platform.audit.facets(admin);
    expect(facets.actions).toEqual(expect.arrayContaining(['api-key.create', 'api-key.revoke', 'run.erase']));
    expect(facets.targetTypes).toEqual(expect.arrayContaining(['api_key', 'run']));
  });

  it('is admin only, tenant-filtered, and validates its input', async () => {
    await expect(test.platform.audit.list(operator, {})).rejects.toMatchObject({ kind: 'forbidden' });
    await expect(test.platform.audit.facets(operator)).rejects.toMatchObject({ kind: 'forbidden' });
    const stranger: Principal = { ...admin, tenantId: '0190a1b2-0000-7000-8000-000000000001' };
    expect(await test.platform.audit.list(stranger, {})).toEqual({ entries: [], nextCursor: null });
    await expect(test.platform.audit.list(admin, { cursor: 'not-a-uuid' })).rejects.toMatchObject({ kind: 'validation', field: 'cursor' });
    await expect(test.platform.audit.list(admin, { limit: 1_000 })).rejects.toMatchObject({ kind: 'validation', field: 'limit' });
  });

  it('records where a change came from: the client address and request id the app attached', async () => {
    const origin = { ipAddress: '203.0.113.7', requestId: 'request-origin-test' };
    const agentId = (await test.platform.agents.list(admin))[0]!.id;
    const { run } = await test.platform.runs.create({ ...operator, origin }, { agentId, input: 'from somewhere' });
    await test.platform.runs.cancel({ ...operator, origin }, { runId: run.id });
    const entries = (await test.platform.audit.list(admin, { targetId: run.id })).entries;
    expect(entries.map((entry) => [entry.action, entry.ipAddress, entry.requestId]).sort()).toEqual([
      ['run.cancel', origin.ipAddress, origin.requestId],
      ['run.create', origin.ipAddress, origin.requestId],
    ]);
  });
});
