import { databaseModes } from '@agentloom/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Principal } from '../auth/roles';
import { demoAgents } from '../seed/demo-agents';
import { createTestAgent, createTestPlatform, type TestPlatform } from '../testing';
import { resumeDueBudgetPauses } from './resume-due-budget-pauses';

/**
 * ADR 0063: a run paused by a daily or monthly budget resumes by itself once the window has rolled
 * over and no budget is spent. Nobody waits for midnight: the stored usage days are moved back (what
 * the rollover does to the window's sum) and the run's due time is moved to the past.
 */
describe.each(databaseModes)('automatic resume of budget pauses at window rollover (%s)', (mode) => {
  let test: TestPlatform;
  let principal: Principal;

  beforeAll(async () => {
    test = await createTestPlatform(mode, undefined, { executor: { recoveryIntervalMs: 500 } });
    principal = (await test.platform.auth.authenticate(test.adminKey))!;
    await test.platform.executor.start();
  });
  afterAll(() => test?.dispose());

  const sql = () => test.platform.database.prisma;

  /** Spending by others today: `tokens` on the subject's row of the current UTC day. */
  async function spendToday(subject: string, tokens: number): Promise<void> {
    await sql().$executeRawUnsafe(
      `INSERT INTO budget_usage_days (tenant_id, subject, day, tokens, cost_usd) VALUES ($1::uuid, $2, (now() AT TIME ZONE 'UTC')::date, $3::bigint, 0)
       ON CONFLICT (tenant_id, subject, day, slot) DO UPDATE SET tokens = budget_usage_days.tokens + EXCLUDED.tokens`,
      principal.tenantId,
      subject,
      tokens,
    );
  }

  /** The window rolled over: the subject's usage so far now lies `days` days back. */
  async function moveUsageBack(subject: string, days: number): Promise<void> {
    await sql().$executeRawUnsafe('UPDATE budget_usage_days SET day = day - $3::int WHERE tenant_id = $1::uuid AND subject = $2', principal.tenantId, subject, days);
  }

  async function windowEnd(period: 'day' | 'month'): Promise<Date> {
    const rows = await sql().$queryRawUnsafe<{ end: Date }[]>(`SELECT (date_trunc('${period}', now() AT TIME ZONE 'UTC') + interval '1 ${period}') AT TIME ZONE 'UTC' AS "end"`);
    return rows[0]!.end;
  }

  async function pauseState(runId: string) {
    const row = await sql().run.findUniqueOrThrow({ where: { id: runId }, select: { status: true, budgetPause: true, budgetResumeAt: true, wakeAt: true } });
    return { ...row, paused: row.budgetPause !== null };
  }

  async function makeDue(runId: string): Promise<void> {
    await sql().$executeRawUnsafe(`UPDATE runs SET budget_resume_at = now() - interval '1 second' WHERE id = $1::uuid`, runId);
  }

  async function eventsOf(runId: string) {
    return (await test.platform.runEvents.list(principal, { runId, limit: 1000 })).events;
  }

  async function pausedRun(agentId: string): Promise<string> {
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'Read your plan' });
    await expect.poll(async () => (await pauseState(run.id)).paused, { timeout: 60_000 }).toBe(true);
    return run.id;
  }

  it('stays paused while a budget is still spent, then resumes once, automatically, after the day rolls over', async () => {
    const agentId = await createTestAgent(test.platform.database, { tenantId: principal.tenantId, slug: 'auto-resume-daily', config: demoAgents[0]!.config });
    await spendToday('tenant', 1_000_000);
    await test.platform.budgets.set(principal, { period: 'daily', maxTokens: 1_000_000, onExceeded: 'pause' });
    const runId = await pausedRun(agentId);

    // Paused until the next UTC midnight, which the run view shows.
    const nextDay = await windowEnd('day');
    expect(await pauseState(runId)).toMatchObject({ status: 'waiting', budgetResumeAt: nextDay, wakeAt: null });
    const view = await test.platform.runs.get(principal, { runId });
    expect(view.budgetPause).toMatchObject({ scope: 'tenant-daily', resumesAt: nextDay.toISOString() });
    expect(view.budgetPause!.message).toMatch(/; paused until the next UTC day or an operator resumes the run$/);

    // Due, but the day's budget is still spent: it stays paused, due again at the window's end.
    await makeDue(runId);
    await resumeDueBudgetPauses(sql());
    expect(await pauseState(runId)).toMatchObject({ status: 'waiting', paused: true, budgetResumeAt: nextDay, wakeAt: null });
    expect((await eventsOf(runId)).filter((event) => event.type === 'run-budget-resumed')).toHaveLength(0);

    // The day rolled over: the executors' own sweep resumes it and the run finishes.
    await moveUsageBack('tenant', 1);
    await moveUsageBack(agentId, 1);
    await makeDue(runId);
    await expect.poll(async () => (await test.platform.runs.get(principal, { runId })).status, { timeout: 60_000 }).toBe('succeeded');
    expect(await pauseState(runId)).toMatchObject({ paused: false, budgetResumeAt: null });
    const events = await eventsOf(runId);
    expect(events.filter((event) => event.type === 'run-budget-paused')).toHaveLength(1);
    expect(events.filter((event) => event.type === 'run-budget-resumed').map((event) => event.payload)).toEqual([{ automatic: true, by: 'budget-window' }]);
    const audit = await sql().auditLog.findMany({ where: { targetId: runId, action: 'run.budget-resume' }, select: { actorType: true, actorId: true } });
    expect(audit).toEqual([{ actorType: 'system', actorId: 'budget-window' }]);
    await test.platform.budgets.remove(principal, { period: 'daily' });
  });

  it('resumes a run paused by a monthly agent budget exactly once when two sweeps race', async () => {
    const agentId = await createTestAgent(test.platform.database, { tenantId: principal.tenantId, slug: 'auto-resume-monthly', config: demoAgents[0]!.config });
    await spendToday(agentId, 1_000_000);
    await test.platform.budgets.set(principal, { agentId, period: 'monthly', maxTokens: 1_000_000, onExceeded: 'pause' });
    const runId = await pausedRun(agentId);
    expect(await pauseState(runId)).toMatchObject({ status: 'waiting', budgetResumeAt: await windowEnd('month') });

    // Forty days back is before the first of this month, whatever today is.
    await moveUsageBack(agentId, 40);
    await makeDue(runId);
    const sweeps = await Promise.all([resumeDueBudgetPauses(sql()), resumeDueBudgetPauses(sql())]);
    expect(sweeps.flatMap((sweep) => sweep.resumed).filter((id) => id === runId).length).toBeLessThanOrEqual(1);
    await expect.poll(async () => (await test.platform.runs.get(principal, { runId })).status, { timeout: 60_000 }).toBe('succeeded');
    const events = await eventsOf(runId);
    expect(events.filter((event) => event.type === 'run-budget-resumed')).toHaveLength(1);
    // Woken once by the claim: one start for the first attempt, one for the wake.
    expect(events.filter((event) => event.type === 'run-started')).toHaveLength(2);
  });

  it('does not resume a run paused by its own budget by itself (it has no window)', async () => {
    const agentId = await createTestAgent(test.platform.database, { tenantId: principal.tenantId, slug: 'auto-resume-own', config: demoAgents[0]!.config });
    const { run } = await test.platform.runs.create(principal, { agentId, input: 'Read your plan', budget: { maxTokens: 1, onExceeded: 'pause' } });
    await expect.poll(async () => (await pauseState(run.id)).paused, { timeout: 60_000 }).toBe(true);
    expect(await pauseState(run.id)).toMatchObject({ status: 'waiting', budgetResumeAt: null, wakeAt: null });
    expect((await test.platform.runs.get(principal, { runId: run.id })).budgetPause).toMatchObject({ scope: 'run', resumesAt: null });
    await test.platform.runs.cancel(principal, { runId: run.id });
  });
});
