import { withTransactionStatements, type Database, type Prisma } from '@agentloom/db';

import type { Principal } from '../auth/roles';
import { recordAudit } from '../audit/record-audit';
import { DomainError } from '../errors/domain-error';
import { holdEraseFenceShared } from '../erase/erase-fence';
import { runQueuedChannel } from '../events/run-event';
import { createExperimentInputSchema, scorerSchema, type Scorer } from './evaluation.schema';
import { queueReplayRunsStatement } from './queue-replay-runs-sql';
import { assertScorerUsable } from './scoring/output-scorers';
import { parseInput } from '../validation/parse-input';

/**
 * Creates an experiment and, in the same transaction, one queued replay run per case with the
 * result row that flags it as a replay: the executor claims them like any run (durable, leased,
 * resumable), and can never see one of them without its fixture.
 */
export async function startExperiment(
  database: Database,
  principal: Principal,
  rawInput: unknown,
  customScorers: ReadonlyMap<string, unknown>,
): Promise<{ experimentId: string }> {
  const input = parseInput(createExperimentInputSchema, rawInput);
  const { prisma } = database;
  for (const [index, scorer] of input.scorers.entries()) {
    // A regex pattern or a JSON Schema must compile where it will run (RE2 for patterns, ADR 0106).
    const problem = assertScorerUsable(scorer);
    const field = `scorers.${index}${scorer.type === 'regex' ? '.pattern' : scorer.type === 'json-schema' ? '.schema' : ''}`;
    if (problem) throw new DomainError('validation', `${field}: ${problem}`, field);
    // Tenants name a custom scorer; only the deployment's modules define them (ADR 0051).
    if (scorer.type === 'custom' && !customScorers.has(scorer.name)) {
      throw new DomainError(
        'validation',
        `scorers.${index}.name: no scorer "${scorer.name}" is loaded (known: ${[...customScorers.keys()].join(', ') || 'none'})`,
        `scorers.${index}.name`,
      );
    }
    if (scorer.type === 'llm-judge') {
      // An archived agent makes no model calls (no runs, schedules, batches or retries), as a judge neither.
      const judge = await prisma.agentVersion.findFirst({
        where: { tenantId: principal.tenantId, agentId: scorer.judgeAgentId, version: scorer.judgeAgentVersion, agent: { archivedAt: null } },
        select: { id: true },
      });
      if (!judge)
        throw new DomainError(
          'not-found',
          `Judge agent ${scorer.judgeAgentId} has no version ${scorer.judgeAgentVersion} (or is archived)`,
          `scorers.${index}.judgeAgentId`,
        );
    }
  }
  const [dataset, version] = await Promise.all([
    prisma.evalDataset.findUnique({
      where: { tenantId_name: { tenantId: principal.tenantId, name: input.dataset } },
      select: { id: true, _count: { select: { cases: true } } },
    }),
    prisma.agentVersion.findFirst({
      where: { tenantId: principal.tenantId, agentId: input.agentId, version: input.agentVersion, agent: { archivedAt: null } },
      select: { id: true, version: true },
    }),
  ]);
  if (!dataset) throw new DomainError('not-found', `Dataset "${input.dataset}" not found`, 'dataset');
  if (dataset._count.cases === 0) throw new DomainError('validation', `Dataset "${input.dataset}" has no cases`, 'dataset');
  if (!version) throw new DomainError('not-found', `Agent ${input.agentId} has no version ${input.agentVersion} (or is archived)`, 'agentVersion');
  if (input.baselineExperimentId) {
    const baseline = await prisma.evalExperiment.findFirst({
      where: { id: input.baselineExperimentId, tenantId: principal.tenantId },
      select: { datasetId: true },
    });
    if (!baseline) throw new DomainError('not-found', `Baseline experiment ${input.baselineExperimentId} not found`, 'baselineExperimentId');
    if (baseline.datasetId !== dataset.id) throw new DomainError('validation', 'The baseline experiment replayed another dataset', 'baselineExperimentId');
  }
  const experimentId = await withTransactionStatements(prisma, async (transaction, statements) => {
    // The replays copy the cases' input: read them again behind the erase fence (ADR 0040), so an
    // erase that deleted a case since the read above is seen here (no foreign-key failure, no copy).
    await holdEraseFenceShared(transaction, principal.tenantId);
    // The agent must still be live when its replays are queued: an archive committed since the read above
    // is seen here, and a later one waits for this transaction (its row update conflicts with the share lock).
    const live = await transaction.$queryRaw<{ id: string }[]>`
      SELECT id::text AS id FROM agents WHERE id = ${input.agentId}::uuid AND tenant_id = ${principal.tenantId}::uuid AND archived_at IS NULL FOR SHARE`;
    if (live.length === 0) throw new DomainError('not-found', `Agent ${input.agentId} has no version ${input.agentVersion} (or is archived)`, 'agentVersion');
    const current = await transaction.evalDataset.findUnique({
      where: { id: dataset.id },
      select: { version: true, cases: { orderBy: { position: 'asc' }, select: { id: true, input: true } } },
    });
    if (!current || current.cases.length === 0) throw new DomainError('validation', `Dataset "${input.dataset}" has no cases`, 'dataset');
    const experiment = await transaction.evalExperiment.create({
      data: {
        tenantId: principal.tenantId,
        datasetId: dataset.id,
        datasetVersion: current.version,
        agentVersionId: version.id,
        agentVersion: version.version,
        baselineExperimentId: input.baselineExperimentId ?? null,
        modelMode: input.modelMode,
        memoryMode: input.memoryMode,
        scorers: input.scorers.map((scorer) => scorerSchema.parse(scorer)) as Prisma.InputJsonValue,
        createdBy: principal.apiKeyId,
      },
      select: { id: true },
    });
    // One statement and one wake-up, however many cases: a 100-case experiment used to be 400 round
    // trips inside this transaction before the first replay could be claimed (ADR 0059), then three
    // `createMany` calls whose rows cost more to build in the Prisma client than to write (ADR 0088).
    const runIds = await queueReplayRunsStatement(statements, {
      tenantId: principal.tenantId,
      agentId: input.agentId,
      agentVersionId: version.id,
      agentVersion: version.version,
      experimentId: experiment.id,
      cases: current.cases,
    });
    // Wakes executors in other processes (this one is woken by the caller); a wake-up claims as many runs as there are free slots.
    await transaction.$executeRaw`SELECT pg_notify(${runQueuedChannel}, ${runIds[0]!})`;
    await recordAudit(transaction, principal, {
      action: 'experiment.create',
      targetType: 'experiment',
      targetId: experiment.id,
      after: {
        dataset: input.dataset,
        datasetVersion: current.version,
        agentId: input.agentId,
        agentVersion: version.version,
        modelMode: input.modelMode,
        memoryMode: input.memoryMode,
        cases: current.cases.length,
      },
    });
    return experiment.id;
  });
  return { experimentId };
}

export type { Scorer };
