import type { Prisma } from '@agentloom/db';
import type { StepResult } from '@agentloom/runtime';

/**
 * In the step's transaction: a run that just succeeded or failed gets `episode_pending`, which the
 * maintenance sweep turns into an episode memory. Being a column committed with the final step,
 * the job survives any crash after it. Cancelled runs are not summarized (nobody wanted the outcome).
 */
export async function markEpisodePending(transaction: Prisma.TransactionClient, runId: string, result: StepResult): Promise<void> {
  const next = result.next;
  const ended = next.type === 'final-output' || (next.type === 'interrupted' && next.reason !== 'cancelled');
  if (ended) await transaction.run.update({ where: { id: runId }, data: { episodePending: true } });
}
