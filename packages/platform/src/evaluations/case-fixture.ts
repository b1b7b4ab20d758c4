import { randomUUID } from 'node:crypto';

import { z } from 'zod';

/** One recorded tool call and its result, in call order. */
export const recordedToolResultSchema = z.object({
  name: z.string().min(1),
  arguments: z.record(z.string(), z.unknown()).default({}),
  content: z.string(),
  isError: z.boolean().default(false),
});

/** A recorded transcript message (thread history, task, assistant turns with tool calls, tool results). */
export const recordedMessageSchema = z.object({
  role: z.enum(['system', 'user', 'assistant', 'tool']),
  content: z.string(),
  /** message | thread_history | memory_block | … as stored on the run's message rows. */
  kind: z.string().default('message'),
  toolCalls: z.array(z.object({ id: z.string(), name: z.string(), arguments: z.record(z.string(), z.unknown()).default({}) })).optional(),
  toolCallId: z.string().optional(),
  toolName: z.string().optional(),
  isError: z.boolean().optional(),
  /** Tokens of the model call that produced this assistant message, when recorded. */
  usage: z.object({ inputTokens: z.number().int().nonnegative(), outputTokens: z.number().int().nonnegative(), costUsd: z.number().nonnegative().default(0) }).optional(),
});

/** A memory item that was injected into the recorded run, served again to its replays. */
export const recordedMemorySchema = z.object({
  /** The memory item's id (hand-written cases may leave it out: one is made up, no stored item has it). */
  id: z.uuid().default(() => randomUUID()),
  kind: z.enum(['fact', 'episode', 'document', 'procedure']).default('fact'),
  content: z.string(),
  key: z.string().optional(),
  score: z.number().default(1),
});

/** An outcome/reward the source run had when it was recorded (or a hand-written case states). */
export const recordedFeedbackSchema = z.object({
  label: z.string().min(1).max(100).nullable().default(null),
  reward: z.number().finite().nullable().default(null),
  comment: z.string().max(4_000).default(''),
  stepIndex: z.number().int().nonnegative().nullable().default(null),
  source: z.string().default('import'),
  actorName: z.string().default(''),
  createdAt: z.string().optional(),
});

export const recordedMetricsSchema = z.object({
  steps: z.number().int().nonnegative().default(0),
  inputTokens: z.number().int().nonnegative().default(0),
  outputTokens: z.number().int().nonnegative().default(0),
  costUsd: z.number().nonnegative().default(0),
  latencyMs: z.number().nonnegative().nullable().default(null),
  toolCalls: z.number().int().nonnegative().default(0),
});

export type RecordedToolResult = z.infer<typeof recordedToolResultSchema>;
export type RecordedMessage = z.infer<typeof recordedMessageSchema>;
export type RecordedMemory = z.infer<typeof recordedMemorySchema>;
export type RecordedMetrics = z.infer<typeof recordedMetricsSchema>;
export type RecordedFeedback = z.infer<typeof recordedFeedbackSchema>;

/** Everything a replay needs of a case, read back from its JSON columns. */
export interface CaseFixture {
  input: string;
  threadContext: { role: 'user' | 'assistant'; content: string }[];
  memoryInjections: RecordedMemory[];
  toolResults: RecordedToolResult[];
  transcript: RecordedMessage[];
  recordedMetrics: RecordedMetrics;
  finalOutput: string | null;
  expectedOutput: string | null;
}

const threadTurnSchema = z.object({ role: z.enum(['user', 'assistant']), content: z.string() });

/** Parses a case row's columns (written by this module, so a failure is a bug, not user input). */
export function parseCaseFixture(row: {
  input: string;
  threadContext: unknown;
  memoryInjections: unknown;
  toolResults: unknown;
  transcript: unknown;
  recordedMetrics: unknown;
  finalOutput: string | null;
  expectedOutput: string | null;
}): CaseFixture {
  return {
    input: row.input,
    threadContext: z.array(threadTurnSchema).parse(row.threadContext),
    memoryInjections: z.array(recordedMemorySchema).parse(row.memoryInjections),
    toolResults: z.array(recordedToolResultSchema).parse(row.toolResults),
    transcript: z.array(recordedMessageSchema).parse(row.transcript),
    recordedMetrics: recordedMetricsSchema.parse(row.recordedMetrics),
    finalOutput: row.finalOutput,
    expectedOutput: row.expectedOutput,
  };
}
