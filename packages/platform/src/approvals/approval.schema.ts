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
