import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { DomainError } from '../errors/domain-error';
import { createTestAgent, createTestPlatform, silentLogger, type TestPlatform } from '../testing';
import { maximumApprovalExpiryMinutes } from './agent-version-config';

/**
 * `approvalExpiryMinutes` had no upper bound. An audit saved Number.MAX_SAFE_INTEGER: the save was
 * accepted, and every gated call then failed its run as `internal` (the expiry was an Invalid Date),
 * with the raw Prisma error — a server path and row ids — in the run's error for any viewer.
 */
describe('an approval expiry past a year', () => {
  let test: TestPlatform;
  let principal: Principal;

  beforeAll(async () => {
    test = await createTestPlatform('embedded', silentLogger, { executor: { pollMs: 50 } });
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    await test.platform.executor.start();
  });
  afterAll(async () => {
    await test?.dispose();
  });

  const gatedConfig = (approvalExpiryMinutes: number) => ({
    approvalExpiryMinutes,
    approvals: { record_citation: 'always' },
    demoScript: { replies: [{ text: '', toolCalls: [{ name: 'record_citation', arguments: { source: 'x' } }] }] },
  });

  it('is refused at save, naming the field; a year is accepted', async () => {
    const refused = await test.platform.agents
      .create(principal, { slug: 'expiry-huge', name: 'Huge', config: gatedConfig(Number.MAX_SAFE_INTEGER) })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ kind: 'validation', field: 'config.approvalExpiryMinutes' });
    await expect(
      test.platform.agents.create(principal, { slug: 'expiry-year', name: 'Year', config: gatedConfig(maximumApprovalExpiryMinutes) }),
    ).resolves.toMatchObject({ slug: 'expiry-year' });
  });

  it('stored before the bound, still parks the gated call for approval, expiring within the bound', async () => {
    const agentId = await createTestAgent(test.platform.database, {
      tenantId: principal.tenantId,
      slug: 'expiry-stored',
      config: gatedConfig(Number.MAX_SAFE_INTEGER),
    });
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'cite it' });
    await expect.poll(async () => (await test.platform.runs.get(principal, { runId: run.id })).status, { timeout: 60_000, interval: 50 }).toBe('waiting_human');
    const approval = await test.platform.database.prisma.approval.findFirstOrThrow({ where: { runId: run.id } });
    expect(approval.expiresAt!.getTime()).toBeLessThanOrEqual(Date.now() + maximumApprovalExpiryMinutes * 60_000);
  });
});
