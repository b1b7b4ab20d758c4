import { z } from 'zod';

import { jsonValueSchema, nextCursorSchema, timestampSchema, viewRegistry } from './view-registry';

export const approvalSchema = z
  .object({
    id: z.string(),
    runId: z.string(),
    toolCallId: z.string(),
    toolName: z.string(),
    status: z.enum(['pending', 'approved', 'rejected', 'expired']),
    requestReason: z.string(),
    decisionReason: z.string().nullable(),
    decidedBy: z.string().nullable(),
    decidedAt: timestampSchema.nullable(),
    originalArguments: jsonValueSchema,
    editedArguments: jsonValueSchema,
    expiresAt: timestampSchema.nullable(),
    createdAt: timestampSchema,
  })
  .register(viewRegistry, { id: 'Approval' });

export const approvalPageSchema = z
  .object({ approvals: z.array(approvalSchema), nextCursor: nextCursorSchema })
  .register(viewRegistry, { id: 'ApprovalPage' });
