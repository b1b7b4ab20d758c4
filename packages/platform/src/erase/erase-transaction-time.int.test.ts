import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestAgent, createTestPlatform, silentLogger, type TestPlatform } from '../testing';
import { holdEraseFenceShared } from './erase-fence';

/** Prisma's own limit on an interactive transaction, which an erase used to run under. */
const prismaDefaultTransactionTimeoutMs = 5_000;

/**
 * An erase is one transaction, and it takes as long as its rows take: a run of ~100,000 steps, or a tenant
 * with that much, passes Prisma's default 5 s limit, which rolled the whole erase back. The test holds the
 * erase fence (ADR 0040) shared, as a memory writer does, so the erase waits inside its transaction past
 * that limit; then lets it go. Only a server has a second session to hold the fence from.
 */
describe('an erase longer than 5 s still commits (server)', () => {
  let test: TestPlatform;
  let principal: Principal;

  beforeAll(async () => {
    test = await createTestPlatform('server', silentLogger);
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
  });
  afterAll(() => test?.dispose());

  const prisma = () => test.platform.database.prisma;
  /** Holds a tenant's erase fence shared in a transaction of its own until the returned function is called. */
  const holdFence = async (tenantId: string) => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held!: () => void;
    const fenceHeld = new Promise<void>((resolve) => (held = resolve));
    const transaction = prisma().$transaction(
      async (client) => {
        await holdEraseFenceShared(client, tenantId);
        held();
        await released;
      },
      { timeout: 120_000 },
    );
    await fenceHeld;
    return async () => (release(), await transaction);
  };
  const lockWaiters = async () =>
    (await prisma().$queryRawUnsafe<{ waiting: number }[]>(`SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`))[0]!.waiting;
  const until = async (condition: () => Promise<boolean>) => {
    while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 50));
  };

  it('a run’s, a thread’s and a tenant’s erase that wait past Prisma’s limit each commit', async () => {
    const { tenantId } = principal;
    const agentId = await createTestAgent(test.platform.database, { tenantId, slug: 'slow-erase', config: { tools: [] } });
    const version = await prisma().agentVersion.findFirstOrThrow({ where: { agentId }, select: { id: true } });
    const run = await prisma().run.create({ data: { tenantId, agentId, agentVersionId: version.id, input: { text: 'forget me' }, status: 'succeeded' }, select: { id: true } });
    const thread = await prisma().thread.create({ data: { tenantId, agentId, title: 'forget us' }, select: { id: true } });
    const otherTenant = await prisma().tenant.create({ data: { slug: 'slow-erase', name: 'Slow erase' }, select: { id: true } });
    const releases = [await holdFence(tenantId), await holdFence(otherTenant.id)];
    const erases = [
      test.platform.erase.eraseRun(principal, { runId: run.id }),
      test.platform.erase.eraseThread(principal, { threadId: thread.id }),
      test.platform.erase.eraseTenantAsOperator(otherTenant.id, 'test'),
    ];
    // A state, then a lower bound: every erase's transaction has begun and waits for its fence, and has waited
    // longer than the limit erases used to run under. A busy machine only makes the wait longer.
    await until(async () => (await lockWaiters()) >= erases.length);
    // Counted from here, when every erase's transaction has begun, so a slow start cannot shorten the wait.
    const started = Date.now();
    await until(() => Promise.resolve(Date.now() - started > prismaDefaultTransactionTimeoutMs + 500));
    for (const release of releases) await release();
    const [runReceipt, threadReceipt, tenantReceipt] = await Promise.all(erases);
    expect(runReceipt).toMatchObject({ unit: 'run', id: run.id, counts: { runs: 1 } });
    expect(threadReceipt).toMatchObject({ unit: 'thread', id: thread.id, counts: { threads: 1 } });
    expect(tenantReceipt).toMatchObject({ unit: 'tenant', id: otherTenant.id, counts: { tenants: 1 } });
    expect(await prisma().run.count({ where: { id: run.id } })).toBe(0);
    expect(await prisma().thread.count({ where: { id: thread.id } })).toBe(0);
    expect(await prisma().tenant.count({ where: { id: otherTenant.id } })).toBe(0);
  }, 60_000);
});
