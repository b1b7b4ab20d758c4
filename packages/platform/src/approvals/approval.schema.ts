import { utf8Bytes } from '@agentloom/runtime';
import { z } from 'zod';

/**
 * Most UTF-8 bytes of JSON a reviewer's edited arguments may take: 256 KiB. They are stored on the
 * approval and the ledger row and sent to the tool and the model; no bound applies to a model's own
 * tool-call arguments to match, so this is the size of the default tool-output cap. REST bodies stop
 * at 1 MiB before this; tRPC has no body cap, so without it an edit could be any size.
 */
export const maximumEditedArgumentsBytes = 256 * 1024;

/**
 * Edited arguments: a JSON object within the size bound. That they fit the tool's input schema is
 * checked by the service (`EditedArgumentsCheck`), which knows the tool.
 */
const editedArgumentsSchema = z.record(z.string(), z.unknown()).superRefine((edited, context) => {
  const bytes = serializedBytes(edited);
  if (bytes === undefined) context.addIssue({ code: 'custom', message: 'nested too deeply to be stored as JSON' });
  else if (bytes > maximumEditedArgumentsBytes)
    context.addIssue({ code: 'custom', message: `at most ${maximumEditedArgumentsBytes} bytes of JSON (256 KiB); this edit has ${bytes}` });
});

/** UTF-8 bytes of the JSON text; undefined when it cannot be written (nesting deeper than the stack: JSON.parse reads it, JSON.stringify throws). */
function serializedBytes(value: unknown): number | undefined {
  try {
    return utf8Bytes(JSON.stringify(value));
  } catch {
    return undefined;
  }
}

export const decideApprovalInputSchema = z.discriminatedUnion('decision', [
  z.object({ approvalId: z.uuid(), decision: z.literal('approve') }),
  z.object({ approvalId: z.uuid(), decision: z.literal('reject'), reason: z.string().trim().min(1, 'reason must not be empty').max(2_000) }),
  z.object({ approvalId: z.uuid(), decision: z.literal('edit'), arguments: editedArgumentsSchema }),
]);
export type DecideApprovalInput = z.infer<typeof decideApprovalInputSchema>;

/**
 * `decided` is every status but `pending` (approved, rejected or expired — a pending request past its
 * expiry counts as expired): the inbox's Decided tab. Filtered in SQL, so a page of decisions is full
 * however many newer requests are pending.
 */
export const approvalListStatuses = ['pending', 'approved', 'rejected', 'expired', 'decided'] as const;
export type ApprovalListStatus = (typeof approvalListStatuses)[number];

export const listApprovalsInputSchema = z.object({
  status: z.enum(approvalListStatuses).optional(),
  runId: z.uuid().optional(),
  cursor: z.uuid().optional(),
  limit: z.number().int().min(1).max(200).default(50),
});
export type ListApprovalsInput = z.input<typeof listApprovalsInputSchema>;

/** Most approvals one bulk decision may name: a page of the inbox, with room to spare. */
export const maximumBulkDecisions = 100;

const approvalIdsSchema = z
  .array(z.uuid())
  .min(1, 'name at least one approval')
  .max(maximumBulkDecisions, `at most ${maximumBulkDecisions} approvals at once`)
  .refine((ids) => new Set(ids).size === ids.length, 'an approval is named twice');

/** The same decision for several approvals; editing arguments is one call at a time (each call has its own). */
export const decideApprovalsInputSchema = z.discriminatedUnion('decision', [
  z.object({ approvalIds: approvalIdsSchema, decision: z.literal('approve') }),
  z.object({ approvalIds: approvalIdsSchema, decision: z.literal('reject'), reason: z.string().trim().min(1, 'reason must not be empty').max(2_000) }),
]);
export type DecideApprovalsInput = z.input<typeof decideApprovalsInputSchema>;
