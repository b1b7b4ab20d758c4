import { rawSqlFor, type Prisma } from '@agentloom/db';

import { recordAudit } from '../audit/record-audit';
import type { Principal } from '../auth/roles';
import { DomainError } from '../errors/domain-error';
import { feedbackViewSelect, toFeedbackView, type FeedbackView } from './feedback-view';

/** Who gives feedback: an API key (through the console or a client), or a scorer of an experiment. */
export type FeedbackActor = { principal: Principal } | { scorer: { tenantId: string; experimentId: string; name: string } };

export interface NewFeedback {
  runId: string;
  stepIndex?: number | undefined;
  label?: string | undefined;
  reward?: number | undefined;
  comment: string;
}

/**
 * Appends one feedback entry inside the caller's transaction, with its audit record. The run is read
 * with the tenant in the condition, so another tenant's run is "not found". A finished run (not a
 * replay) gets `episode_pending` again, so its episode memory is rewritten with the feedback
 * (the episode's key is per run: the new one supersedes the old). The audit record names the entry,
 * the label and the reward, never the comment: erasing the run must leave no copy of it.
 */
export async function insertFeedback(transaction: Prisma.TransactionClient, actor: FeedbackActor, entry: NewFeedback): Promise<FeedbackView> {
  const tenantId = 'principal' in actor ? actor.principal.tenantId : actor.scorer.tenantId;
  // Share-locked first, as the entry's foreign key would lock it (ADR 0104): an erase of the run running
  // now either commits first (the row is gone: "not found") or waits for this entry and erases it too.
  const locked = await rawSqlFor(transaction).query<{ id: string }>(
    'SELECT id::text AS id FROM runs WHERE id = $1::uuid AND tenant_id = $2::uuid FOR SHARE',
    entry.runId,
    tenantId,
  );
  const run =
    locked.length === 0
      ? null
      : await transaction.run.findFirst({
          where: { id: entry.runId, tenantId },
          select: { id: true, agentId: true, agentVersionId: true, status: true, evalResult: { select: { id: true } } },
        });
  if (!run) throw new DomainError('not-found', `Run ${entry.runId} not found`, 'runId');
  if (entry.stepIndex !== undefined) {
    const step = await transaction.step.findFirst({ where: { runId: run.id, index: entry.stepIndex }, select: { id: true } });
    if (!step) throw new DomainError('not-found', `Run ${entry.runId} has no step ${entry.stepIndex}`, 'stepIndex');
  }
  const who =
    'principal' in actor
      ? { source: actor.principal.sessionId ? 'console' : 'api', actorType: 'api_key', actorId: actor.principal.apiKeyId, actorName: actor.principal.apiKeyName }
      : { source: 'scorer', actorType: 'scorer', actorId: actor.scorer.experimentId, actorName: actor.scorer.name };
  const row = await transaction.runFeedback.create({
    data: {
      tenantId,
      runId: run.id,
      agentId: run.agentId,
      agentVersionId: run.agentVersionId,
      stepIndex: entry.stepIndex ?? null,
      label: entry.label ?? null,
      reward: entry.reward ?? null,
      comment: entry.comment,
      ...who,
    },
    select: feedbackViewSelect,
  });
  if (!run.evalResult && (run.status === 'succeeded' || run.status === 'failed')) {
    await transaction.run.update({ where: { id: run.id }, data: { episodePending: true } });
  }
  await recordAudit(transaction, 'principal' in actor ? actor.principal : { tenantId, system: `scorer:${actor.scorer.experimentId}` }, {
    action: 'run.feedback',
    targetType: 'run',
    targetId: run.id,
    after: { feedbackId: row.id, stepIndex: row.stepIndex, label: row.label, reward: row.reward, source: row.source, commentCharacters: row.comment.length },
  });
  return toFeedbackView(row);
}
