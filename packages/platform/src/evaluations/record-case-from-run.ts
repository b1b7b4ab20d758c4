import type { Prisma } from '@agentloom/db';

import { DomainError } from '../errors/domain-error';
import type { RecordedFeedback, RecordedMemory, RecordedMessage, RecordedMetrics, RecordedToolResult } from './case-fixture';

/** The columns of a case recorded from a run (the dataset, position and version are the caller's). */
export interface RecordedCase {
  sourceRunId: string;
  input: string;
  threadContext: { role: 'user' | 'assistant'; content: string }[];
  memoryInjections: RecordedMemory[];
  toolResults: RecordedToolResult[];
  transcript: RecordedMessage[];
  recordedMetrics: RecordedMetrics;
  finalOutput: string | null;
  /** The run's outcomes and rewards when it was recorded (ADR 0051), oldest first. */
  feedback: RecordedFeedback[];
}

/**
 * Reads a finished run of the tenant into a case: its input, the thread turns it was seeded with,
 * the memory items injected into it, its top-level tool calls with their results in call order, its
 * transcript (each assistant message with the usage of the step that produced it) and its usage.
 * A run still in progress is refused: its recording is not complete.
 */
export async function recordCaseFromRun(transaction: Prisma.TransactionClient, tenantId: string, runId: string): Promise<RecordedCase> {
  const run = await transaction.run.findFirst({
    where: { id: runId, tenantId },
    select: { id: true, status: true, input: true, output: true, stepCount: true, inputTokens: true, outputTokens: true, costUsd: true, toolCallCount: true, startedAt: true, finishedAt: true },
  });
  if (!run) throw new DomainError('not-found', `Run ${runId} not found`, 'runIds');
  if (run.status !== 'succeeded' && run.status !== 'failed') throw new DomainError('conflict', `Run ${runId} is ${run.status}; only finished runs (succeeded or failed) can become cases`, 'runIds');
  const [messages, steps, toolCalls, injections, feedback] = await Promise.all([
    transaction.message.findMany({ where: { runId }, orderBy: { index: 'asc' }, select: { role: true, kind: true, content: true, toolCalls: true, toolCallId: true, toolName: true, isError: true, stepId: true } }),
    transaction.step.findMany({ where: { runId }, select: { id: true, inputTokens: true, outputTokens: true, costUsd: true } }),
    transaction.toolCall.findMany({ where: { runId, parentToolCallId: null }, orderBy: [{ createdAt: 'asc' }, { callId: 'asc' }], select: { name: true, arguments: true, editedArguments: true, result: true, status: true } }),
    transaction.memoryInjection.findMany({ where: { runId }, orderBy: { createdAt: 'asc' }, select: { score: true, memoryItem: { select: { id: true, kind: true, content: true, key: true } } } }),
    transaction.runFeedback.findMany({ where: { runId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], select: { label: true, reward: true, comment: true, stepIndex: true, source: true, actorName: true, createdAt: true } }),
  ]);
  const stepUsage = new Map(steps.map((step) => [step.id, { inputTokens: step.inputTokens, outputTokens: step.outputTokens, costUsd: Number(step.costUsd) }]));
  const usedSteps = new Set<string>();
  const transcript = messages.map((message): RecordedMessage => {
    // A step's usage belongs to its first assistant message (the model call that produced it).
    const usage = message.role === 'assistant' && message.stepId && !usedSteps.has(message.stepId) ? stepUsage.get(message.stepId) : undefined;
    if (usage && message.stepId) usedSteps.add(message.stepId);
    return {
      role: message.role,
      content: message.content,
      kind: message.kind,
      ...(Array.isArray(message.toolCalls) ? { toolCalls: message.toolCalls as RecordedMessage['toolCalls'] } : {}),
      ...(message.toolCallId ? { toolCallId: message.toolCallId } : {}),
      ...(message.toolName ? { toolName: message.toolName } : {}),
      ...(message.role === 'tool' ? { isError: message.isError } : {}),
      ...(usage ? { usage } : {}),
    };
  });
  const seen = new Set<string>();
  const memoryInjections = injections.flatMap(({ score, memoryItem }): RecordedMemory[] => {
    if (seen.has(memoryItem.id)) return [];
    seen.add(memoryItem.id);
    return [{ id: memoryItem.id, kind: memoryItem.kind as RecordedMemory['kind'], content: memoryItem.content, ...(memoryItem.key ? { key: memoryItem.key } : {}), score }];
  });
  return {
    sourceRunId: run.id,
    input: (run.input as { text?: string }).text ?? '',
    threadContext: transcript.filter((message) => message.kind === 'thread_history' && (message.role === 'user' || message.role === 'assistant')).map((message) => ({ role: message.role as 'user' | 'assistant', content: message.content })),
    memoryInjections,
    toolResults: toolCalls.flatMap((call): RecordedToolResult[] => {
      const result = call.result as { content?: string; isError?: boolean } | null;
      // Only calls that ran have a result to serve again; rejected or vetoed ones did not run.
      if (!result || typeof result.content !== 'string') return [];
      return [{ name: call.name, arguments: (call.editedArguments ?? call.arguments) as Record<string, unknown>, content: result.content, isError: result.isError ?? false }];
    }),
    transcript,
    recordedMetrics: {
      steps: run.stepCount,
      inputTokens: run.inputTokens,
      outputTokens: run.outputTokens,
      costUsd: Number(run.costUsd),
      latencyMs: run.startedAt && run.finishedAt ? run.finishedAt.getTime() - run.startedAt.getTime() : null,
      toolCalls: run.toolCallCount,
    },
    finalOutput: (run.output as { text?: string } | null)?.text ?? null,
    feedback: feedback.map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString() })),
  };
}
