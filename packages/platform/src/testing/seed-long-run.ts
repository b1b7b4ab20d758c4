import { randomUUID } from 'node:crypto';

import type { Database, Prisma } from '@agentloom/db';

export interface SeedLongRunOptions {
  /** The agent (by slug, in the first tenant that has it) the run belongs to. */
  agentSlug: string;
  /** Steps to write: model calls and tool calls alternate, as in a long ReAct run. */
  steps: number;
  /** Rows per INSERT; keeps statements well under Postgres's 65,535-parameter limit. */
  batchSize?: number;
}

export interface SeededLongRun {
  runId: string;
  tenantId: string;
  steps: number;
}

const stepMilliseconds = 40;

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
  const startedAt = Date.now() - options.steps * stepMilliseconds;
  const at = (step: number) => new Date(startedAt + step * stepMilliseconds);
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
      queuedAt: at(0),
      startedAt: at(0),
      finishedAt: at(options.steps),
      nextEventSeq: options.steps * 2 + 3,
    },
  });
  const batchSize = options.batchSize ?? 1_000;
  for (let first = 0; first < options.steps; first += batchSize) {
    const indexes = Array.from({ length: Math.min(batchSize, options.steps - first) }, (_, offset) => first + offset);
    await prisma.$transaction(async (transaction) => writeBatch(transaction, { runId, tenantId: agent.tenantId, lastIndex: options.steps - 1, at }, indexes));
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
  at(step: number): Date;
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
      status: index === run.lastIndex ? 'final-output' : 'run-again',
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
      content: isToolStep(index) ? `Plan has ${index} items.` : `Step ${index}: reading the plan.`,
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
      result: { content: `Plan has ${index} items.`, isError: false, data: null },
      status: 'succeeded' as const,
      statusHistory: [{ status: 'succeeded', at: run.at(index).toISOString(), attempt: 1 }],
      idempotencyKey: `${run.runId}:call-${index - 1}`,
      startedAt: run.at(index),
      finishedAt: new Date(run.at(index).getTime() + 30),
    })),
  });
  await transaction.runEvent.createMany({
    data: indexes.flatMap((index) => [
      { tenantId: run.tenantId, runId: run.runId, seq: index * 2 + 1, type: 'step-started', payload: { step: index }, createdAt: run.at(index) },
      { tenantId: run.tenantId, runId: run.runId, seq: index * 2 + 2, type: 'step-committed', payload: { step: index }, createdAt: run.at(index) },
    ]),
  });
}
