import type { Database } from '@agentloom/db';

import { assertRole } from '../auth/assert-role';
import type { Principal } from '../auth/roles';
import { DomainError } from '../errors/domain-error';
import { parseInput } from '../validation/parse-input';
import { feedbackAggregateInputSchema, recordFeedbackInputSchema, runFeedbackInputSchema } from './feedback.schema';
import { feedbackViewSelect, toFeedbackView, type FeedbackView, type VersionFeedbackAggregate } from './feedback-view';
import { insertFeedback } from './insert-feedback';

/**
 * Outcomes and rewards on runs (ADR 0051). Append-only: an entry is never edited or deleted by a
 * client (a correction is a newer entry); erasing the run redacts the comment and detaches it.
 */
export class FeedbackService {
  constructor(private readonly database: Database) {}

  /** Records an outcome label and/or reward on a run or one of its steps, as the calling key. */
  async record(principal: Principal, rawInput: unknown): Promise<FeedbackView> {
    assertRole(principal, 'operator', 'Recording feedback');
    const input = parseInput(recordFeedbackInputSchema, rawInput);
    return this.database.prisma.$transaction((transaction) => insertFeedback(transaction, { principal }, input));
  }

  /** Every entry on the run, oldest first. Another tenant's run is not found. */
  async listForRun(principal: Principal, rawInput: unknown): Promise<FeedbackView[]> {
    const { runId } = parseInput(runFeedbackInputSchema, rawInput);
    const run = await this.database.prisma.run.findFirst({ where: { id: runId, tenantId: principal.tenantId }, select: { id: true } });
    if (!run) throw new DomainError('not-found', `Run ${runId} not found`, 'runId');
    const rows = await this.database.prisma.runFeedback.findMany({ where: { tenantId: principal.tenantId, runId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], select: feedbackViewSelect });
    return rows.map(toFeedbackView);
  }

  /** Per version of the agent (newest first): entries, mean/min/max reward and label counts. */
  async aggregateByVersion(principal: Principal, rawInput: unknown): Promise<VersionFeedbackAggregate[]> {
    const input = parseInput(feedbackAggregateInputSchema, rawInput);
    const { prisma } = this.database;
    const agent = await prisma.agent.findFirst({ where: { id: input.agentId, tenantId: principal.tenantId }, select: { id: true } });
    if (!agent) throw new DomainError('not-found', `Agent ${input.agentId} not found`, 'agentId');
    const where = { tenantId: principal.tenantId, agentId: agent.id, ...(input.includeScorers ? {} : { source: { not: 'scorer' } }) };
    const [totals, labels, versions] = await Promise.all([
      prisma.runFeedback.groupBy({ by: ['agentVersionId'], where, _count: { _all: true, reward: true }, _avg: { reward: true }, _min: { reward: true }, _max: { reward: true } }),
      prisma.runFeedback.groupBy({ by: ['agentVersionId', 'label'], where: { ...where, label: { not: null } }, _count: { _all: true } }),
      prisma.agentVersion.findMany({ where: { tenantId: principal.tenantId, agentId: agent.id }, select: { id: true, version: true } }),
    ]);
    const versionOf = new Map(versions.map((version) => [version.id, version.version]));
    return totals
      .map((total): VersionFeedbackAggregate => ({
        version: versionOf.get(total.agentVersionId) ?? 0,
        agentVersionId: total.agentVersionId,
        entries: total._count._all,
        rewardCount: total._count.reward,
        meanReward: total._avg.reward === null ? null : Math.round(total._avg.reward * 1e6) / 1e6,
        minReward: total._min.reward,
        maxReward: total._max.reward,
        labels: Object.fromEntries(labels.filter((row) => row.agentVersionId === total.agentVersionId && row.label !== null).map((row) => [row.label!, row._count._all])),
      }))
      .sort((left, right) => right.version - left.version);
  }
}
