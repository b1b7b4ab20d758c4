import { z } from 'zod';

import { runMessageSchema, runSchema, storedRunEventSchema } from './run-views';
import { jsonValueSchema, nextIndexCursorSchema, timestampSchema, viewRegistry } from './view-registry';

/** One committed engine step (`RunStepView`). */
export const runStepSchema = z
  .object({
    id: z.string(),
    index: z.number().int(),
    kind: z.string().describe('model_call | tool_call | compaction | verification | approval_wait | routing | memory_injection'),
    status: z.string().describe("How the step ended: the engine's next-step type (run-again, final-output, approval-request, interrupted)."),
    parentStepId: z.string().nullable(),
    inputTokens: z.number().int(),
    outputTokens: z.number().int(),
    costUsd: z.number().nullable().describe('The step’s model cost; null when unknown or when the step called no model.'),
    startedAt: timestampSchema,
    finishedAt: timestampSchema.nullable(),
    toolCalls: z.array(z.object({ name: z.string(), status: z.string() })),
    hasError: z.boolean(),
    approval: z.string().nullable().describe('pending | approved | rejected | expired when a call of the step asked for approval.'),
  })
  .register(viewRegistry, { id: 'RunStep' });

export const runStepPageSchema = z.object({ steps: z.array(runStepSchema), nextCursor: nextIndexCursorSchema }).register(viewRegistry, { id: 'RunStepPage' });

export const stepIndexesSchema = z.object({ stepIndexes: z.array(z.number().int()) }).register(viewRegistry, { id: 'StepIndexes' });

/** A tool call with its ledger, arguments, result and approval (`ToolCallView`). */
export const toolCallSchema = z
  .object({
    id: z.string(),
    runId: z.string(),
    callId: z.string(),
    stepIndex: z.number().int().nullable(),
    name: z.string(),
    implementationId: z.string(),
    sideEffects: z.string().describe('none | idempotent | unsafe'),
    status: z.string(),
    statusHistory: z.array(
      z.object({ status: z.string(), at: timestampSchema, attempt: z.number().int().optional(), actor: z.string().optional(), reason: z.string().optional() }),
    ),
    arguments: jsonValueSchema,
    editedArguments: jsonValueSchema,
    result: jsonValueSchema,
    outputBytes: z.number().int().nullable(),
    error: z.object({ kind: z.string(), message: z.string() }).nullable(),
    idempotencyKey: z.string(),
    createdAt: timestampSchema,
    startedAt: timestampSchema.nullable(),
    finishedAt: timestampSchema.nullable(),
    durationMs: z.number().nullable(),
    delegation: z.object({ parentToolCallId: z.string().nullable(), subAgent: z.string(), childInstanceId: z.string().nullable() }).nullable(),
    approval: z
      .object({
        id: z.string(),
        status: z.string(),
        requestReason: z.string(),
        decidedBy: z.string().nullable(),
        decidedAt: timestampSchema.nullable(),
        decisionReason: z.string().nullable(),
        expiresAt: timestampSchema.nullable(),
      })
      .nullable(),
  })
  .describe('A tool call with everything the inspector shows: ledger, arguments, result, approval.');

/** A tool call with the sub-agent calls it delegated under it (the registered view; `toolCallSchema` is its base). */
export const toolCallNodeSchema: z.ZodType<ToolCallNode> = toolCallSchema
  .extend({
    get children() {
      return z.array(toolCallNodeSchema);
    },
  })
  .register(viewRegistry, { id: 'ToolCallNode' });
export type ToolCallNode = z.infer<typeof toolCallSchema> & { children: ToolCallNode[] };

export const runStepDetailSchema = z
  .object({
    step: runStepSchema,
    request: z.object({ messages: z.array(runMessageSchema), total: z.number().int() }),
    response: z.array(runMessageSchema),
    toolCalls: z.array(toolCallNodeSchema),
    events: z.array(storedRunEventSchema),
    previousIndex: z.number().int().nullable(),
    nextIndex: z.number().int().nullable(),
  })
  .register(viewRegistry, { id: 'RunStepDetail' });

export const runSearchResultSchema = z
  .object({
    hits: z.array(
      z.object({
        source: z.enum(['message', 'tool-call', 'event']),
        id: z.string().describe('Message id, tool call ledger id, or event seq (as text).'),
        stepIndex: z.number().int().nullable(),
        label: z.string(),
        excerpt: z.string(),
      }),
    ),
    truncated: z.object({ message: z.boolean(), 'tool-call': z.boolean(), event: z.boolean() }),
  })
  .register(viewRegistry, { id: 'RunSearchResult' });

const comparedRunSchema = z.object({
  run: runSchema,
  agentVersion: z.number().int(),
  durationMs: z.number().nullable(),
  truncated: z.boolean().describe('The run has more steps or tool calls than were compared.'),
});

/** A row of two aligned sequences; a side is null where that run has no counterpart. */
function alignedPair<Item extends z.ZodType>(item: Item) {
  return z.object({ left: item.nullable(), right: item.nullable(), same: z.boolean() });
}

export const runComparisonSchema = z
  .object({
    left: comparedRunSchema,
    right: comparedRunSchema,
    sameAgent: z.boolean(),
    sameInput: z.boolean(),
    steps: z.array(
      alignedPair(
        z.object({
          index: z.number().int(),
          kind: z.string(),
          status: z.string(),
          toolNames: z.array(z.string()),
          inputTokens: z.number().int(),
          outputTokens: z.number().int(),
        }),
      ),
    ),
    toolCalls: z.array(alignedPair(z.object({ name: z.string(), status: z.string(), arguments: jsonValueSchema }))),
    difference: z
      .object({
        inputTokens: z.number(),
        outputTokens: z.number(),
        costUsd: z.number(),
        modelCalls: z.number(),
        toolCalls: z.number(),
        steps: z.number(),
        durationMs: z.number().nullable(),
      })
      .describe('Right minus left.'),
  })
  .register(viewRegistry, { id: 'RunComparison' });
