import type { Prisma } from '@agentloom/db';
import { checkpointFormatVersion, serializeCheckpoint, type StepResult } from '@agentloom/runtime';

import type { ClaimedRun } from '../run-claims';

/**
 * Stores the step's checkpoint and applies retention: keep the latest, every approval point, and
 * the one before a failure; prune the rest, so storage stays flat however long the run gets.
 */
export async function saveCheckpoint(transaction: Prisma.TransactionClient, run: ClaimedRun, result: StepResult): Promise<number> {
  const serialized = serializeCheckpoint(result.checkpoint);
  const byteSize = Buffer.byteLength(serialized);
  const failed = result.next.type === 'interrupted' && result.next.reason !== 'cancelled';
  if (failed) {
    const previous = await transaction.checkpoint.findFirst({ where: { runId: run.id }, orderBy: { seq: 'desc' }, select: { id: true } });
    if (previous) await transaction.checkpoint.update({ where: { id: previous.id }, data: { retainedFor: 'before_failure' } });
  }
  await transaction.checkpoint.upsert({
    where: { runId_seq: { runId: run.id, seq: result.step } },
    create: {
      tenantId: run.tenantId,
      runId: run.id,
      seq: result.step,
      stepIndex: result.checkpoint.step,
      formatVersion: checkpointFormatVersion,
      state: JSON.parse(serialized) as Prisma.InputJsonObject,
      moduleBindings: result.checkpoint.bindings,
      byteSize,
      retainedFor: result.next.type === 'approval-request' ? 'approval' : 'latest',
    },
    update: { state: JSON.parse(serialized) as Prisma.InputJsonObject, byteSize },
  });
  await transaction.checkpoint.deleteMany({ where: { runId: run.id, retainedFor: 'latest', seq: { lt: result.step } } });
  return byteSize;
}
