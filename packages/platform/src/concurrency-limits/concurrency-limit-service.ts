import type { Database, Prisma } from '@agentloom/db';

import { recordAudit } from '../audit/record-audit';
import { assertRole } from '../auth/assert-role';
import type { Principal } from '../auth/roles';
import { DomainError } from '../errors/domain-error';
import { parseInput } from '../validation/parse-input';
import { setConcurrencyLimitInputSchema } from './concurrency-limit.schema';
import type { ConcurrencyLimitsView } from './concurrency-limit-view';

/**
 * Tenant and agent concurrency limits (`max_running_runs`, read by the claim, ADR 0049 and 0056).
 * Any role reads them with the running counts; setting or clearing one needs the admin role and is
 * audit-logged in the transaction of the change, like budgets.
 */
export class ConcurrencyLimitService {
  constructor(private readonly database: Database) {}

  async get(principal: Principal): Promise<ConcurrencyLimitsView> {
    assertRole(principal, 'viewer', 'Reading concurrency limits');
    return readLimits(this.database.prisma, principal.tenantId);
  }

  async set(principal: Principal, rawInput: unknown): Promise<ConcurrencyLimitsView> {
    assertRole(principal, 'admin', 'Setting a concurrency limit');
    const input = parseInput(setConcurrencyLimitInputSchema, rawInput);
    await this.database.prisma.$transaction(async (transaction) => {
      if (input.agentId === undefined) {
        const before = await transaction.tenant.findUniqueOrThrow({ where: { id: principal.tenantId }, select: { maxRunningRuns: true } });
        await transaction.tenant.update({ where: { id: principal.tenantId }, data: { maxRunningRuns: input.maxRunningRuns } });
        await recordAudit(transaction, principal, {
          action: 'concurrency-limit.set',
          targetType: 'tenant',
          targetId: principal.tenantId,
          before: { maxRunningRuns: before.maxRunningRuns },
          after: { maxRunningRuns: input.maxRunningRuns },
        });
        return;
      }
      const agent = await transaction.agent.findFirst({ where: { id: input.agentId, tenantId: principal.tenantId }, select: { id: true, maxRunningRuns: true } });
      if (!agent) throw new DomainError('not-found', `Agent ${input.agentId} not found`, 'agentId');
      await transaction.agent.update({ where: { id: agent.id }, data: { maxRunningRuns: input.maxRunningRuns } });
      await recordAudit(transaction, principal, {
        action: 'concurrency-limit.set',
        targetType: 'agent',
        targetId: agent.id,
        before: { maxRunningRuns: agent.maxRunningRuns },
        after: { maxRunningRuns: input.maxRunningRuns },
      });
    });
    return readLimits(this.database.prisma, principal.tenantId);
  }
}

async function readLimits(prisma: Database['prisma'] | Prisma.TransactionClient, tenantId: string): Promise<ConcurrencyLimitsView> {
  const [tenant, agents, running] = await Promise.all([
    prisma.tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { maxRunningRuns: true } }),
    prisma.agent.findMany({ where: { tenantId, maxRunningRuns: { not: null } }, orderBy: { name: 'asc' }, select: { id: true, name: true, maxRunningRuns: true } }),
    // Running runs are few (at most the fleet's slots): grouping them is cheap.
    prisma.run.groupBy({ by: ['agentId'], where: { tenantId, status: 'running' }, _count: { _all: true } }),
  ]);
  const runningByAgent = new Map(running.map((row) => [row.agentId, row._count._all]));
  return {
    tenant: { maxRunningRuns: tenant.maxRunningRuns, running: running.reduce((sum, row) => sum + row._count._all, 0) },
    agents: agents.map((agent) => ({ agentId: agent.id, agentName: agent.name, maxRunningRuns: agent.maxRunningRuns, running: runningByAgent.get(agent.id) ?? 0 })),
  };
}
