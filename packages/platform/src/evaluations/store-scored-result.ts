import { preparedStatementText, queryRows, type StatementRunner } from '@agentloom/db';
import { v7 as uuidv7 } from 'uuid';

import { DomainError } from '../errors/domain-error';

/**
 * The scorer's verdict stored in one statement (ADR 0077): the result row's score, guarded on
 * `status = 'running'` so that only the first writer stores it, and — only when that update took the
 * row — the scorer's feedback on the replay run and its audit record, as `insertFeedback` writes them
 * for a scorer actor (source, actor and audit `after` unchanged; the run is looked up with the tenant
 * in the condition). Before: the update, then the feedback's run read, insert and audit insert, four
 * statements. A replay run carries its result row, so the feedback never sets `episode_pending`.
 */
export const storeScoredResultSql = preparedStatementText(`WITH stored AS (
       UPDATE eval_results AS result
          SET status = $3::text, scores = $4::jsonb, deltas = $5::jsonb, first_divergent_call = $6::int, first_divergent_step = $7::int,
              regression = $8::boolean, failure_reason = $9::text, scored_at = $10::timestamptz
        WHERE result.id = $1::uuid AND result.status = 'running'
    RETURNING result.run_id
     ), feedback AS (
       INSERT INTO run_feedback (id, tenant_id, run_id, agent_id, agent_version_id, step_index, label, reward, comment, source, actor_type, actor_id, actor_name)
       SELECT $11::uuid, run.tenant_id, run.id, run.agent_id, run.agent_version_id, NULL, $3::text, $12::float8, $13::text, 'scorer', 'scorer', $14::text, 'experiment'
         FROM stored JOIN runs AS run ON run.id = stored.run_id AND run.tenant_id = $2::uuid
    RETURNING id, run_id, label, reward, source
     ), audit AS (
       INSERT INTO audit_logs (id, tenant_id, actor_type, actor_id, action, target_type, target_id, after)
       SELECT $15::uuid, $2::uuid, 'system', 'scorer:' || $14::text, 'run.feedback', 'run', feedback.run_id::text,
              jsonb_build_object('feedbackId', feedback.id, 'stepIndex', NULL, 'label', feedback.label, 'reward', feedback.reward,
                                 'source', feedback.source, 'commentCharacters', $16::int)
         FROM feedback
     )
     SELECT (SELECT count(*) FROM stored)::int AS stored, (SELECT count(*) FROM feedback)::int AS feedback`);

export interface ScoredResult {
  tenantId: string;
  experimentId: string;
  resultId: string;
  runId: string;
  passed: boolean;
  scores: unknown;
  deltas: unknown;
  firstDivergentCall: number | null;
  firstDivergentStep: number | null;
  regression: boolean;
  failureReason: string | null;
  /** The feedback's reward (already rounded) and comment. */
  reward: number;
  comment: string;
}

/**
 * Stores a verdict and its feedback inside the caller's transaction. False when another writer came
 * first (nothing written). Throws `not-found` — undoing the score with the caller's transaction or
 * savepoint — when the result's run is not the tenant's, as `insertFeedback` did.
 */
export async function storeScoredResult(transaction: StatementRunner, result: ScoredResult): Promise<boolean> {
  const rows = await queryRows<{ stored: number; feedback: number }>(transaction, storeScoredResultSql, [
    result.resultId,
    result.tenantId,
    result.passed ? 'passed' : 'failed',
    JSON.stringify(result.scores),
    JSON.stringify(result.deltas),
    result.firstDivergentCall,
    result.firstDivergentStep,
    result.regression,
    result.failureReason,
    new Date(),
    uuidv7(),
    result.reward,
    result.comment,
    result.experimentId,
    uuidv7(),
    result.comment.length,
  ]);
  const row = rows[0];
  if (!row || Number(row.stored) !== 1) return false;
  if (Number(row.feedback) !== 1) throw new DomainError('not-found', `Run ${result.runId} not found`, 'runId');
  return true;
}
