import { approvalInputExcerptLength, runStatuses } from '@agentloom/platform';
import { z } from 'zod';

import { jsonValueSchema, nextCursorSchema, timestampSchema, viewRegistry } from './view-registry';

export const approvalSchema = z
  .object({
    id: z.string(),
    runId: z.string(),
    toolCallId: z.string(),
    toolName: z.string(),
    status: z.enum(['pending', 'approved', 'rejected', 'expired']),
    kind: z
      .enum(['gate', 'outcome-question'])
      .describe(
        'What it asks. `gate`: may this call run (approve, reject or edit)? `outcome-question`: did this call, which ran and whose executor stopped, complete (approve = it did, reject = it did not)? A question cannot be edited.',
      ),
    requestReason: z.string(),
    decisionReason: z.string().nullable(),
    decidedBy: z.string().nullable(),
    decidedAt: timestampSchema.nullable(),
    originalArguments: jsonValueSchema,
    editedArguments: jsonValueSchema,
    expiresAt: timestampSchema.nullable(),
    createdAt: timestampSchema.describe('When the request was made: a pending approval has waited since then.'),
    run: z
      .object({
        status: z.enum(runStatuses),
        inputExcerpt: z.string().describe(`The run's input text (or its JSON), at most ${approvalInputExcerptLength} characters.`),
        inputTruncated: z.boolean().describe('True when the input is longer than the excerpt.'),
      })
      .describe('The run that asks (what tells two requests of one tool apart).'),
    agent: z
      .object({ id: z.string(), name: z.string(), slug: z.string(), version: z.number().int() })
      .describe('The agent and the version number the run executes.'),
    thread: z.object({ id: z.string(), title: z.string() }).nullable().describe('The conversation the run continues; null outside any thread.'),
  })
  .register(viewRegistry, { id: 'Approval' });

export const approvalPageSchema = z
  .object({ approvals: z.array(approvalSchema), nextCursor: nextCursorSchema })
  .register(viewRegistry, { id: 'ApprovalPage' });

/** One approval's outcome in a bulk decision: decided by this request, or refused (decided elsewhere first, expired, not found). */
export const bulkDecisionOutcomeSchema = z
  .discriminatedUnion('outcome', [
    z.object({ approvalId: z.string(), outcome: z.literal('decided'), approval: approvalSchema }),
    z.object({
      approvalId: z.string(),
      outcome: z.literal('refused'),
      kind: z.string().describe('The error kind that refused it: `conflict` (already decided, expired) or `not-found`.'),
      message: z.string(),
    }),
  ])
  .register(viewRegistry, { id: 'BulkDecisionOutcome' });

export const bulkDecisionResultSchema = z
  .object({ outcomes: z.array(bulkDecisionOutcomeSchema).describe('In the order of `approvalIds`.') })
  .register(viewRegistry, { id: 'BulkDecisionResult' });
