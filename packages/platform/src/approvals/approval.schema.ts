import { z } from 'zod';

export const decideApprovalInputSchema = z.discriminatedUnion('decision', [
  z.object({ approvalId: z.uuid(), decision: z.literal('approve') }),
  z.object({ approvalId: z.uuid(), decision: z.literal('reject'), reason: z.string().trim().min(1, 'reason must not be empty').max(2_000) }),
  z.object({ approvalId: z.uuid(), decision: z.literal('edit'), arguments: z.record(z.string(), z.unknown()) }),
]);
export type DecideApprovalInput = z.infer<typeof decideApprovalInputSchema>;

export const listApprovalsInputSchema = z.object({
  status: z.enum(['pending', 'approved', 'rejected', 'expired']).optional(),
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
