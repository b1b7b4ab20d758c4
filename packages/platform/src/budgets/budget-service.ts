import type { Database, Prisma } from '@agentloom/db';

import { recordAudit } from '../audit/record-audit';
import { roleAtLeast, type Principal } from '../auth/roles';
import { DomainError } from '../errors/domain-error';
import { parseInput } from '../validation/parse-input';
import { readBudgetsOverview } from './budgets-overview';
import { removeBudgetInputSchema, setBudgetInputSchema, type BudgetPeriod } from './budget.schema';
import type { BudgetsOverview } from './budget-view';

/**
 * Token and cost budgets of a tenant and its agents per UTC day and month (ADR 0045). Any role may
 * read them with their usage; setting and removing one needs the admin role and is audit-logged in
 * the same transaction as the change.
 */
export class BudgetService {
  constructor(private readonly database: Database) {}

  overview(principal: Principal): Promise<BudgetsOverview> {
    return readBudgetsOverview(this.database.prisma, principal.tenantId, new Date());
  }

  async set(principal: Principal, rawInput: unknown): Promise<BudgetsOverview> {
    assertAdmin(principal);
    const input = parseInput(setBudgetInputSchema, rawInput);
    await this.database.prisma.$transaction(async (transaction) => {
      const subject = await subjectOf(transaction, principal, input.agentId);
      const key = { tenantId_subject_period: { tenantId: principal.tenantId, subject, period: input.period } };
      const before = await transaction.budget.findUnique({ where: key, select: { maxTokens: true, maxCostUsd: true, onExceeded: true } });
      const limits = { maxTokens: input.maxTokens === null ? null : BigInt(input.maxTokens), maxCostUsd: input.maxCostUsd, onExceeded: input.onExceeded };
      await transaction.budget.upsert({ where: key, create: { tenantId: principal.tenantId, subject, period: input.period, ...limits }, update: limits });
      await recordAudit(transaction, principal, {
        action: 'budget.set',
        targetType: 'budget',
        targetId: `${subject}/${input.period}`,
        ...(before ? { before: limitsJson(before) } : {}),
        after: { maxTokens: input.maxTokens, maxCostUsd: input.maxCostUsd, onExceeded: input.onExceeded },
      });
    });
    return this.overview(principal);
  }

  async remove(principal: Principal, rawInput: unknown): Promise<BudgetsOverview> {
    assertAdmin(principal);
    const input = parseInput(removeBudgetInputSchema, rawInput);
    await this.database.prisma.$transaction(async (transaction) => {
      const subject = await subjectOf(transaction, principal, input.agentId);
      const key = { tenantId_subject_period: { tenantId: principal.tenantId, subject, period: input.period } };
      const before = await transaction.budget.findUnique({ where: key, select: { maxTokens: true, maxCostUsd: true } });
      if (!before) throw new DomainError('not-found', `No ${input.period} budget is set for ${input.agentId ? `agent ${input.agentId}` : 'the tenant'}`, 'period');
      await transaction.budget.delete({ where: key });
      await recordAudit(transaction, principal, { action: 'budget.remove', targetType: 'budget', targetId: `${subject}/${input.period}`, before: limitsJson(before) });
    });
    return this.overview(principal);
  }
}

/** `tenant`, or the id of an agent of this tenant. */
async function subjectOf(transaction: Prisma.TransactionClient, principal: Principal, agentId: string | undefined): Promise<string> {
  if (agentId === undefined) return 'tenant';
  const agent = await transaction.agent.findFirst({ where: { id: agentId, tenantId: principal.tenantId }, select: { id: true } });
  if (!agent) throw new DomainError('not-found', `Agent ${agentId} not found`, 'agentId');
  return agent.id;
}

function limitsJson(row: { maxTokens: bigint | null; maxCostUsd: Prisma.Decimal | null; onExceeded?: string }): Prisma.InputJsonObject {
  return {
    maxTokens: row.maxTokens === null ? null : Number(row.maxTokens),
    maxCostUsd: row.maxCostUsd === null ? null : Number(row.maxCostUsd),
    ...(row.onExceeded ? { onExceeded: row.onExceeded } : {}),
  };
}

function assertAdmin(principal: Principal): void {
  if (!roleAtLeast(principal.role, 'admin')) throw new DomainError('forbidden', `Managing budgets needs the admin role; your key has ${principal.role}.`);
}

export type { BudgetPeriod };
