import { randomUUID } from 'node:crypto';

import { openDatabase, type Database } from '@agentloom/db';
import { createTestDatabaseConfig, databaseModes, type TestDatabaseConfig } from '@agentloom/db/testing';
import { describeBudgetGuardContract } from '@agentloom/runtime/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestAgent } from '../testing/create-test-agent';
import { PrismaBudgetGuard } from './prisma-budget-guard';

describe.each(databaseModes)('PrismaBudgetGuard (%s)', (mode) => {
  let testDatabase: TestDatabaseConfig;
  let database: Database;

  beforeAll(async () => {
    testDatabase = await createTestDatabaseConfig(mode);
    database = await openDatabase(testDatabase.config);
  });
  afterAll(async () => {
    await database?.close();
    await testDatabase?.dispose();
  });

  // Fresh tenants and agents per fixture keep tests apart in one database.
  describeBudgetGuardContract(
    () => {
      const { prisma } = database;
      const tenants = new Map<string, Promise<string>>();
      const agents = new Map<string, Promise<string>>();
      const tenantId = (label: string) => {
        if (!tenants.has(label)) {
          const slug = `budget-${randomUUID()}`;
          tenants.set(label, prisma.tenant.create({ data: { slug, name: slug }, select: { id: true } }).then((row) => row.id));
        }
        return tenants.get(label)!;
      };
      const agentId = async (tenant: string, agent: string) => {
        const key = `${tenant}|${agent}`;
        if (!agents.has(key)) agents.set(key, tenantId(tenant).then((id) => createTestAgent(database, { tenantId: id, slug: `${agent}-${randomUUID()}`, config: {} })));
        return agents.get(key)!;
      };
      return {
        guard: new PrismaBudgetGuard(database.sql),
        startRun: async (owner, budget) => {
          const tenant = await tenantId(owner.tenant);
          // A run's budget lives in its version's config: each budgeted run gets its own agent version.
          const agent = await agentId(owner.tenant, owner.agent);
          const version = budget
            ? await prisma.agentVersion.create({
                data: { tenantId: tenant, agentId: agent, version: await nextVersion(agent), configHash: randomUUID(), config: { runBudget: { ...budget } } },
                select: { id: true },
              })
            : await prisma.agentVersion.findFirstOrThrow({ where: { agentId: agent, version: 1 }, select: { id: true } });
          const run = await prisma.run.create({ data: { tenantId: tenant, agentId: agent, agentVersionId: version.id, status: 'running', input: { text: 'budget' } }, select: { id: true } });
          return run.id;
        },
        setBudget: async (owner, period, limits) => {
          const tenant = await tenantId(owner.tenant);
          const subject = owner.agent === undefined ? 'tenant' : await agentId(owner.tenant, owner.agent);
          const key = { tenantId_subject_period: { tenantId: tenant, subject, period } };
          if (limits === null) {
            await prisma.budget.delete({ where: key });
            return;
          }
          const values = { maxTokens: limits.maxTokens === undefined ? null : BigInt(limits.maxTokens), maxCostUsd: limits.maxCostUsd ?? null, onExceeded: limits.onExceeded ?? 'fail' };
          await prisma.budget.upsert({ where: key, create: { tenantId: tenant, subject, period, ...values }, update: values });
        },
        // The same columns every step commit increments; the trigger counts the day's usage.
        commitUsage: async (runId, usage) => {
          await prisma.run.update({
            where: { id: runId },
            data: { inputTokens: { increment: usage.inputTokens }, outputTokens: { increment: usage.outputTokens }, costUsd: { increment: usage.costUsd ?? 0 } },
          });
        },
      };

      async function nextVersion(agent: string): Promise<number> {
        return (await prisma.agentVersion.count({ where: { agentId: agent } })) + 1;
      }
    },
    { describe, it, expect },
  );
});
