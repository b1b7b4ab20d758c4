import { randomUUID } from 'node:crypto';

import type { Database, Prisma } from '@agentloom/db';

export interface SeedLongRunOptions {
  /** The agent (by slug, in the first tenant that has it) the run belongs to. */
  agentSlug: string;
  /** Steps to write: model calls and tool calls alternate, as in a long ReAct run. */
  steps: number;
  /** Every this many steps one tool step fails (at index `every / 2 - 1`, then every `every`); default 2,500. */
  failEvery?: number;
  /** Rows per INSERT; keeps statements well under Postgres's 65,535-parameter limit. */
  batchSize?: number;
}

export interface SeededLongRun {
  runId: string;
  tenantId: string;
  steps: number;
}

const stepMilliseconds = 40;
/** A person took this long to reject the call of the run's middle step (runs of 10+ steps). */
const humanWaitMilliseconds = 210_000;
/** By default tool steps 1,249, 3,749, … fail, so "next error" has somewhere to go. */
const defaultFailEvery = 2_500;

/**
 * Writes a finished run with `steps` steps in the shape the executor commits (Step, Message,
 * ToolCall, RunEvent rows, one retained checkpoint), for the console's long-run journey and
 * bench/console. Bulk inserts instead of 10,000 engine steps: the journey is about opening and
 * scrolling a long run, and a demo run of that length would spend minutes re-sending its transcript.
 */
export async function seedLongRun(database: Database, options: SeedLongRunOptions): Promise<SeededLongRun> {
  const { prisma } = database;
  const agent = await prisma.agent.findFirstOrThrow({
    where: { slug: options.agentSlug },
    orderBy: { createdAt: 'asc' },
    select: { id: true, tenantId: true, versions: { orderBy: { version: 'desc' }, take: 1, select: { id: true } } },
  });
  const agentVersionId = agent.versions[0]?.id;
  if (!agentVersionId) throw new Error(`Agent ${options.agentSlug} has no version`);
  const runId = randomUUID();
  // The middle (model) step asks for approval; the reviewer rejects the call 3.5 minutes later.
  const approvalStep = options.steps >= 10 ? Math.floor(options.steps / 4) * 2 : null;
  const waitMilliseconds = approvalStep === null ? 0 : humanWaitMilliseconds;
  const startedAt = Date.now() - options.steps * stepMilliseconds - waitMilliseconds;
  const at = (step: number) => new Date(startedAt + step * stepMilliseconds + (approvalStep !== null && step > approvalStep ? waitMilliseconds : 0));
  const toolCalls = Math.floor(options.steps / 2);
  await prisma.run.create({
    data: {
      id: runId,
      tenantId: agent.tenantId,
      agentId: agent.id,
      agentVersionId,
      status: 'succeeded',
      input: { text: `A long run of ${options.steps} steps` },
      output: { text: 'Finished the long run.' },
      attempt: 1,
      stepCount: options.steps,
      modelCalls: options.steps - toolCalls,
      toolCallCount: toolCalls,
      inputTokens: options.steps * 120,
      outputTokens: options.steps * 12,
      createdAt: at(0),
      queuedAt: at(0),
      startedAt: at(0),
      finishedAt: at(options.steps),
      nextEventSeq: options.steps * 2 + (approvalStep === null ? 1 : 3),
    },
  });
  const batchSize = options.batchSize ?? 1_000;
  for (let first = 0; first < options.steps; first += batchSize) {
    const indexes = Array.from({ length: Math.min(batchSize, options.steps - first) }, (_, offset) => first + offset);
    // A generous timeout: a batch of 1,000 steps on a busy machine outlasts the 5 s default.
    await prisma.$transaction(
      async (transaction) => writeBatch(transaction, { runId, tenantId: agent.tenantId, lastIndex: options.steps - 1, approvalStep, failEvery: options.failEvery ?? defaultFailEvery, at }, indexes),
      { timeout: 120_000, maxWait: 60_000 },
    );
  }
  await prisma.checkpoint.create({
    data: {
      tenantId: agent.tenantId,
      runId,
      seq: options.steps,
      stepIndex: options.steps - 1,
      formatVersion: 1,
      state: { step: options.steps },
      moduleBindings: { seeded: true },
      byteSize: 64,
    },
  });
  return { runId, tenantId: agent.tenantId, steps: options.steps };
}

interface RunRef {
  runId: string;
  tenantId: string;
  lastIndex: number;
  approvalStep: number | null;
  failEvery: number;
  at(step: number): Date;
}

const isRejectedStep = (run: RunRef, index: number) => run.approvalStep !== null && index === run.approvalStep + 1;
const isFailedStep = (run: RunRef, index: number) => index % run.failEvery === run.failEvery / 2 - 1;

function toolOutcomeText(run: RunRef, index: number): string {
  if (isRejectedStep(run, index)) return 'Rejected by seed-reviewer: not on the allowlist';
  if (isFailedStep(run, index)) return `Plan store unavailable at step ${index}`;
  return `Plan has ${index} items.`;
}

async function writeBatch(transaction: Prisma.TransactionClient, run: RunRef, indexes: number[]): Promise<void> {
  const stepIds = indexes.map(() => randomUUID());
  const isToolStep = (index: number) => index % 2 === 1;
  await transaction.step.createMany({
    data: indexes.map((index, position) => ({
      id: stepIds[position],
      tenantId: run.tenantId,
      runId: run.runId,
      index,
      kind: isToolStep(index) ? 'tool_call' : 'model_call',
      status: index === run.lastIndex ? 'final-output' : index === run.approvalStep ? 'approval-request' : 'run-again',
      inputTokens: isToolStep(index) ? 0 : 240,
      outputTokens: isToolStep(index) ? 0 : 24,
      startedAt: run.at(index),
      finishedAt: new Date(run.at(index).getTime() + 30),
    })),
  });
  await transaction.message.createMany({
    data: indexes.map((index, position) => ({
      tenantId: run.tenantId,
      runId: run.runId,
      stepId: stepIds[position],
      index,
      role: isToolStep(index) ? ('tool' as const) : ('assistant' as const),
      content: isToolStep(index) ? toolOutcomeText(run, index) : `Step ${index}: reading the plan.`,
      isError: isToolStep(index) && toolOutcomeText(run, index) !== `Plan has ${index} items.`,
      ...(isToolStep(index)
        ? { toolCallId: `call-${index - 1}`, toolName: 'plan_read' }
        : { toolCalls: [{ id: `call-${index}`, name: 'plan_read', argumentsJson: '{}' }] }),
    })),
  });
  await transaction.toolCall.createMany({
    data: indexes.filter(isToolStep).map((index) => ({
      tenantId: run.tenantId,
      runId: run.runId,
      stepId: stepIds[indexes.indexOf(index)],
      callId: `call-${index - 1}`,
      name: 'plan_read',
      implementationId: 'builtin:plan_read/v1',
      sideEffects: 'none',
      arguments: {},
      ...toolCallOutcome(run, index, isRejectedStep(run, index), isFailedStep(run, index)),
      idempotencyKey: `${run.runId}:call-${index - 1}`,
      startedAt: run.at(index),
      finishedAt: new Date(run.at(index).getTime() + 30),
    })),
  });
  const rejected = indexes.find((index) => isRejectedStep(run, index));
  if (rejected !== undefined) await writeRejection(transaction, run, rejected);
  await transaction.runEvent.createMany({
    data: indexes.flatMap((index) => [
      { tenantId: run.tenantId, runId: run.runId, seq: index * 2 + 1, type: 'step-started', payload: { step: index }, createdAt: run.at(index) },
      { tenantId: run.tenantId, runId: run.runId, seq: index * 2 + 2, type: 'step-committed', payload: { step: index }, createdAt: run.at(index) },
    ]),
  });
}

/** The ledger fields of a seeded call: succeeded, failed (the plan store was down), or rejected by a reviewer. */
function toolCallOutcome(run: RunRef, index: number, rejected: boolean, failed: boolean) {
  const at = run.at(index).toISOString();
  if (rejected) {
    const asked = new Date(run.at(index - 1).getTime() + 30).toISOString();
    return {
      result: { content: 'Rejected by seed-reviewer: not on the allowlist', isError: true, data: null },
      status: 'rejected' as const,
      errorKind: 'rejected',
      errorMessage: 'not on the allowlist',
      statusHistory: [
        { status: 'awaiting_approval', at: asked, attempt: 1 },
        { status: 'rejected', at, actor: 'seed-reviewer', reason: 'not on the allowlist' },
      ],
    };
  }
  if (failed) {
    return {
      result: { content: `Plan store unavailable at step ${index}`, isError: true, data: null },
      status: 'failed' as const,
      errorKind: 'tool-failed',
      errorMessage: `Plan store unavailable at step ${index}`,
      statusHistory: [
        { status: 'running', at, attempt: 1 },
        { status: 'failed', at, attempt: 1 },
      ],
    };
  }
  return {
    result: { content: `Plan has ${index} items.`, isError: false, data: null },
    status: 'succeeded' as const,
    statusHistory: [{ status: 'succeeded', at, attempt: 1 }],
  };
}

/** The approval row of the rejected call and the two events that bracket the human wait. */
async function writeRejection(transaction: Prisma.TransactionClient, run: RunRef, index: number): Promise<void> {
  const call = await transaction.toolCall.findUniqueOrThrow({ where: { runId_callId: { runId: run.runId, callId: `call-${index - 1}` } }, select: { id: true } });
  const askedAt = new Date(run.at(index - 1).getTime() + 30);
  const decidedAt = run.at(index);
  const approval = await transaction.approval.create({
    data: {
      tenantId: run.tenantId,
      runId: run.runId,
      toolCallId: call.id,
      status: 'rejected',
      requestReason: 'plan_read requires approval (seeded)',
      decisionReason: 'not on the allowlist',
      decidedBy: 'seed-reviewer',
      decidedAt,
      originalArguments: {},
      createdAt: askedAt,
    },
    select: { id: true },
  });
  const lastSeq = (run.lastIndex + 1) * 2;
  await transaction.runEvent.createMany({
    data: [
      { tenantId: run.tenantId, runId: run.runId, seq: lastSeq + 1, type: 'approval-requested', payload: { approvalId: approval.id, callId: `call-${index - 1}`, toolName: 'plan_read' }, createdAt: askedAt },
      { tenantId: run.tenantId, runId: run.runId, seq: lastSeq + 2, type: 'approval-decided', payload: { approvalId: approval.id, toolCallId: call.id, decision: 'reject', reason: 'not on the allowlist', by: 'seed-reviewer' }, createdAt: decidedAt },
    ],
  });
}
