import type { Prisma, PrismaClient } from '@agentloom/db';

import type { BudgetPeriod } from './budget.schema';
import type { AgentBudgetsView, BudgetsOverview, BudgetView } from './budget-view';

interface Usage {
  tokens: number;
  costUsd: number;
}

/**
 * The tenant's budgets and usage: its budget rows, and this month's day rows of usage (at most 31 per
 * subject, read by primary key prefix) — never a sum over runs.
 */
export async function readBudgetsOverview(prisma: PrismaClient, tenantId: string, now: Date): Promise<BudgetsOverview> {
  const today = utcDay(now);
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const [budgets, days] = await Promise.all([
    prisma.budget.findMany({ where: { tenantId }, select: { subject: true, period: true, maxTokens: true, maxCostUsd: true, onExceeded: true } }),
    prisma.budgetUsageDay.findMany({ where: { tenantId, day: { gte: monthStart, lte: today } }, select: { subject: true, day: true, tokens: true, costUsd: true } }),
  ]);
  const usage = (subject: string, period: BudgetPeriod): Usage =>
    days
      .filter((row) => row.subject === subject && (period === 'monthly' || row.day.getTime() === today.getTime()))
      .reduce((sum, row) => ({ tokens: sum.tokens + Number(row.tokens), costUsd: sum.costUsd + Number(row.costUsd) }), { tokens: 0, costUsd: 0 });
  const view = (subject: string, period: BudgetPeriod): BudgetView | null => {
    const row = budgets.find((budget) => budget.subject === subject && budget.period === period);
    if (!row) return null;
    const used = usage(subject, period);
    return {
      period,
      maxTokens: row.maxTokens === null ? null : Number(row.maxTokens),
      maxCostUsd: decimalOrNull(row.maxCostUsd),
      onExceeded: row.onExceeded === 'pause' ? 'pause' : 'fail',
      windowStart: isoDate(period === 'daily' ? today : monthStart),
      usedTokens: used.tokens,
      usedCostUsd: roundMicro(used.costUsd),
    };
  };
  const agentIds = [...new Set(budgets.map((budget) => budget.subject).filter((subject) => subject !== 'tenant'))];
  const agents = await prisma.agent.findMany({ where: { tenantId, id: { in: agentIds } }, select: { id: true, name: true }, orderBy: { name: 'asc' } });
  const tenantToday = usage('tenant', 'daily');
  const tenantMonth = usage('tenant', 'monthly');
  return {
    tenant: {
      daily: view('tenant', 'daily'),
      monthly: view('tenant', 'monthly'),
      usage: { todayTokens: tenantToday.tokens, todayCostUsd: roundMicro(tenantToday.costUsd), monthTokens: tenantMonth.tokens, monthCostUsd: roundMicro(tenantMonth.costUsd) },
    },
    agents: agents.map((agent): AgentBudgetsView => ({ agentId: agent.id, agentName: agent.name, daily: view(agent.id, 'daily'), monthly: view(agent.id, 'monthly') })),
  };
}

function utcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function decimalOrNull(value: Prisma.Decimal | null): number | null {
  return value === null ? null : Number(value);
}

function roundMicro(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
