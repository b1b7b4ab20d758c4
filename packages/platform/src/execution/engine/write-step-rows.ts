import type { Prisma } from '@agentloom/db';
import type { StepResult } from '@agentloom/runtime';

import type { ClaimedRun } from '../run-claims';
import { toLedgerStatus } from './tool-call-status';

/**
 * Writes the step, its messages and its tool calls. Every write is keyed ((run, index),
 * (run, call id)), so replaying a step after a crash converges instead of duplicating.
 */
export async function writeStepRows(transaction: Prisma.TransactionClient, run: ClaimedRun, result: StepResult): Promise<string> {
  const startedAt = result.events[0] ? new Date(result.events[0].at) : new Date();
  const usage = { inputTokens: result.usage.inputTokens, outputTokens: result.usage.outputTokens, costUsd: result.usage.costUsd ?? 0 };
  const step = await transaction.step.upsert({
    where: { runId_index: { runId: run.id, index: result.step } },
    create: { tenantId: run.tenantId, runId: run.id, index: result.step, kind: stepKind(result), status: result.next.type, ...usage, startedAt, finishedAt: new Date() },
    update: { status: result.next.type, ...usage, finishedAt: new Date() },
    select: { id: true },
  });
  if (result.messages.length > 0) {
    await transaction.message.createMany({
      skipDuplicates: true,
      data: result.messages.map(({ index, message }) => ({
        tenantId: run.tenantId,
        runId: run.id,
        threadId: run.threadId,
        stepId: step.id,
        index,
        role: message.role,
        content: message.content,
        toolCalls: message.role === 'assistant' && message.toolCalls ? (message.toolCalls as unknown as Prisma.InputJsonArray) : undefined,
        toolCallId: message.role === 'tool' ? message.toolCallId : null,
        toolName: message.role === 'tool' ? message.toolName : null,
        isError: message.role === 'tool' ? (message.isError ?? false) : false,
      })),
    });
  }
  // Delegating calls before the sub-agents' calls that link to them.
  const parentsFirst = [...result.toolCalls].sort((left, right) => Number(left.delegation !== undefined) - Number(right.delegation !== undefined));
  for (const call of parentsFirst) await upsertToolCall(transaction, run, step.id, call);
  return step.id;
}

async function upsertToolCall(transaction: Prisma.TransactionClient, run: ClaimedRun, stepId: string, call: StepResult['toolCalls'][number]): Promise<void> {
  const status = toLedgerStatus(call.status);
  const now = new Date();
  const existing = await transaction.toolCall.findUnique({ where: { runId_callId: { runId: run.id, callId: call.callId } }, select: { statusHistory: true, status: true } });
  const previous = (existing?.statusHistory as Prisma.JsonArray | undefined) ?? [];
  // The ledger hooks already recorded running → succeeded/failed as it happened; don't repeat it.
  const reason = status === 'rejected' ? call.result?.content.slice(0, 2_000) : undefined;
  const history = existing?.status === status ? previous : [...previous, { status, at: now.toISOString(), attempt: run.attempt, ...(reason ? { reason } : {}) }];
  const result = call.result ? ({ content: call.result.content, isError: call.result.isError, data: (call.result.data ?? null) } as Prisma.InputJsonObject) : undefined;
  const finished = status === 'succeeded' || status === 'failed' || status === 'rejected';
  // The ledger hook vetoed the call because its outcome is unknown and an operator decides.
  // Overwriting that with `rejected` would lose the question and let a later attempt run the call again.
  const ledgerKnowsBetter = call.status === 'vetoed' && existing?.status === 'outcome_unknown';
  const fields = ledgerKnowsBetter ? {} : {
    status,
    statusHistory: history as Prisma.InputJsonArray,
    ...(result ? { result } : {}),
    ...(call.result?.outputBytes === undefined ? {} : { outputBytes: call.result.outputBytes }),
    ...(call.status === 'vetoed' ? { errorKind: 'vetoed', errorMessage: call.result?.content ?? 'Vetoed by a hook' } : {}),
    ...(call.status === 'rejected' ? { errorKind: 'rejected', errorMessage: reason ?? 'Rejected' } : {}),
    ...(status === 'failed' ? { errorKind: 'tool-failed', errorMessage: call.result?.content.slice(0, 2_000) ?? 'Tool failed' } : {}),
    ...(finished ? { finishedAt: now } : {}),
  };
  await transaction.toolCall.upsert({
    where: { runId_callId: { runId: run.id, callId: call.callId } },
    create: {
      tenantId: run.tenantId,
      runId: run.id,
      stepId,
      callId: call.callId,
      name: call.name,
      implementationId: call.implementationId,
      sideEffects: call.sideEffects ?? 'unsafe',
      arguments: call.arguments as Prisma.InputJsonObject,
      idempotencyKey: call.idempotencyKey,
      ...(await delegationLink(transaction, run, call)),
      ...fields,
    },
    update: { stepId, ...fields },
  });
}

/** A sub-agent's call row points at the delegating call's row and names the sub-agent and its run. */
async function delegationLink(transaction: Prisma.TransactionClient, run: ClaimedRun, call: StepResult['toolCalls'][number]): Promise<{ parentToolCallId?: string | null; subAgent?: string; childInstanceId?: string }> {
  if (!call.delegation) return {};
  const parent = await transaction.toolCall.findUnique({ where: { runId_callId: { runId: run.id, callId: call.delegation.parentCallId } }, select: { id: true } });
  return { parentToolCallId: parent?.id ?? null, subAgent: call.delegation.agent, childInstanceId: call.delegation.instanceId };
}

function stepKind(result: StepResult): string {
  const types = new Set(result.events.map((event) => event.type));
  if (types.has('model-call-finished')) return 'model_call';
  if (types.has('tool-call-started')) return 'tool_call';
  if (types.has('compaction-applied')) return 'compaction';
  return 'model_call';
}
