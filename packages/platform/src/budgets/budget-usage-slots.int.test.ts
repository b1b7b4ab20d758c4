import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { createTestAgent, createTestPlatform, type TestPlatform } from '../testing';
import { PrismaBudgetGuard } from './prisma-budget-guard';

/**
 * A day's usage is spread over slots (ADR 0100): a run counts into the slot its id hashes to, and every reader
 * sums the slots. The slots exist so that concurrent runs of one tenant do not queue on one row's lock.
 */
async function platformWithRuns(mode: (typeof databaseModes)[number]) {
  const test = await createTestPlatform(mode);
  const principal = (await test.platform.auth.authenticate(test.adminKey))!;
  const agentId = await createTestAgent(test.platform.database, { tenantId: principal.tenantId, slug: 'counted', config: { tools: [] } });
  return { test, principal, agentId };
}

/** Runs of `agentId`, created until `count` of them count into slots chosen by `wanted` (given the slots taken so far). */
async function runsInSlots(test: TestPlatform, principal: Principal, agentId: string, count: number, wanted: (slot: number, taken: number[]) => boolean) {
  const prisma = test.platform.database.prisma;
  const version = await prisma.agentVersion.findFirstOrThrow({ where: { agentId }, select: { id: true } });
  const runs: { id: string; slot: number }[] = [];
  // Eight slots: a run lands in a given one with probability 1/8, so 200 tries miss with probability < 1e-11.
  for (let attempt = 0; attempt < 200 && runs.length < count; attempt += 1) {
    const run = await prisma.run.create({ data: { tenantId: principal.tenantId, agentId, agentVersionId: version.id, input: { text: 'x' }, status: 'running' }, select: { id: true } });
    const [row] = await prisma.$queryRawUnsafe<{ slot: number }[]>('SELECT agentloom_budget_usage_slot($1::text)::int AS slot', run.id);
    const slot = row!.slot;
    if (wanted(slot, runs.map((taken) => taken.slot))) runs.push({ id: run.id, slot });
  }
  if (runs.length < count) throw new Error(`No ${count} runs in the wanted slots after 200 tries`);
  return runs;
}

const spend = (test: TestPlatform, runId: string, tokens: number) =>
  test.platform.database.prisma.$executeRawUnsafe('UPDATE runs SET input_tokens = input_tokens + $2::int WHERE id = $1::uuid', runId, tokens);

describe.each(databaseModes)('budget usage in slots (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;

  beforeAll(async () => ({ test, principal, agentId } = await platformWithRuns(mode)));
  afterAll(() => test?.dispose());

  it('counts each run into its own slot, the tenant and the agent alike, and every reader sums the slots', async () => {
    const [first, second] = await runsInSlots(test, principal, agentId, 2, (slot, taken) => !taken.includes(slot));
    await spend(test, first!.id, 300);
    await spend(test, second!.id, 200);
    await spend(test, first!.id, 50);

    const rows = await test.platform.database.prisma.budgetUsageDay.findMany({ where: { tenantId: principal.tenantId }, orderBy: [{ subject: 'asc' }, { slot: 'asc' }] });
    const bySlot = (subject: string) => Object.fromEntries(rows.filter((row) => row.subject === subject).map((row) => [row.slot, Number(row.tokens)]));
    const expected = { [first!.slot]: 350, [second!.slot]: 200 };
    expect(bySlot('tenant')).toEqual(expected);
    expect(bySlot(agentId)).toEqual(expected);

    // The budgets page and the guard before a model call both see 550 tokens, not one slot's.
    await test.platform.budgets.set(principal, { period: 'daily', maxTokens: 551 });
    await test.platform.budgets.set(principal, { agentId, period: 'monthly', maxTokens: 10_000 });
    const overview = await test.platform.budgets.overview(principal);
    expect(overview.tenant.usage.todayTokens).toBe(550);
    expect(overview.tenant.daily?.usedTokens).toBe(550);
    expect(overview.agents.find((agent) => agent.agentId === agentId)?.monthly?.usedTokens).toBe(550);
    const guard = new PrismaBudgetGuard(test.platform.database.statements);
    expect(await guard.check({ instanceId: first!.id, pending: { inputTokens: 0, outputTokens: 0 } })).toBeNull();
    expect(await guard.check({ instanceId: second!.id, pending: { inputTokens: 1, outputTokens: 0 } })).toMatchObject({ scope: 'tenant-daily', used: 551 });
  });
});

/** Only a server has concurrent sessions: on PGlite every statement runs alone and no commit waits for another. */
describe('concurrent runs of one tenant (server)', () => {
  let test: TestPlatform;
  let principal: Principal;
  let agentId: string;

  beforeAll(async () => ({ test, principal, agentId } = await platformWithRuns('server')));
  afterAll(() => test?.dispose());

  /** Spends in a transaction that stays open, holding whatever usage rows it locked, until `commit` is called. */
  const spendAndHold = async (runId: string, tokens: number) => {
    let commit!: () => void;
    const committing = new Promise<void>((resolve) => (commit = resolve));
    let spent!: () => void;
    const spending = new Promise<void>((resolve) => (spent = resolve));
    const transaction = test.platform.database.prisma.$transaction(
      async (client) => {
        await client.$executeRawUnsafe('UPDATE runs SET input_tokens = input_tokens + $2::int WHERE id = $1::uuid', runId, tokens);
        spent();
        await committing;
      },
      { timeout: 120_000 },
    );
    await spending;
    return async () => (commit(), await transaction);
  };

  /** Spends with a lock timeout: it fails with `lock_not_available` when it would wait for another transaction's usage row. */
  const spendWithoutWaiting = (runId: string, tokens: number, lockTimeout: string) =>
    test.platform.database.prisma.$transaction(async (client) => {
      await client.$executeRawUnsafe(`SET LOCAL lock_timeout = '${lockTimeout}'`);
      await client.$executeRawUnsafe('UPDATE runs SET input_tokens = input_tokens + $2::int WHERE id = $1::uuid', runId, tokens);
    });

  it('a run in another slot commits its usage while a run in flight holds its own slot; one in the same slot waits for it', async () => {
    const [held, elsewhere, alongside] = await runsInSlots(test, principal, agentId, 3, (slot, taken) =>
      taken.length === 0 ? true : taken.length === 1 ? slot !== taken[0] : slot === taken[0],
    );
    const commit = await spendAndHold(held!.id, 100);
    try {
      // The lock timeout only turns a wait into a failure: a commit that does not wait finishes whatever the machine's load.
      await spendWithoutWaiting(elsewhere!.id, 40, '20s');
      // The control: the same slot is the same rows, so the detector above does see a wait (it fails at once, by design).
      await expect(spendWithoutWaiting(alongside!.id, 7, '100ms')).rejects.toThrow(/lock timeout/i);
    } finally {
      await commit();
    }
    const rows = await test.platform.database.prisma.budgetUsageDay.findMany({ where: { tenantId: principal.tenantId, subject: 'tenant' } });
    expect(rows.reduce((sum, row) => sum + Number(row.tokens), 0)).toBe(140);
  });
});
