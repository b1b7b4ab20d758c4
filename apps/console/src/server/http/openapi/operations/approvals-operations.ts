import { decideApprovalInputSchema, listApprovalsInputSchema } from '@agentloom/platform';
import { z } from 'zod';

import type { ApiOperation } from '../api-operation';
import { approvalPageSchema, approvalSchema } from '../../views/approval-views';

/** The decision body: the service's schema without `approvalId`, which comes from the path. */
const [approve, reject, edit] = decideApprovalInputSchema.options;
const withoutId = { approvalId: true } as const;
const decisionBody = z.discriminatedUnion('decision', [approve.omit(withoutId), reject.omit(withoutId), edit.omit(withoutId)]);

/** Human approvals of tool calls: the inbox and the decision. */
export const approvalsOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/api/v1/approvals',
    operationId: 'listApprovals',
    tag: 'Approvals',
    summary: 'List approvals, newest first',
    role: 'viewer',
    query: listApprovalsInputSchema,
    success: { status: 200, schema: approvalPageSchema, description: '`{ approvals, nextCursor }`.' },
  },
  {
    method: 'post',
    path: '/api/v1/approvals/{id}/decision',
    operationId: 'decideApproval',
    tag: 'Approvals',
    summary: 'Approve, reject or edit a pending tool call',
    description: 'One decision wins; a later one is a 409. The run continues on its own.',
    role: 'operator',
    pathParameters: { id: 'The approval id (uuid).' },
    body: decisionBody,
    success: { status: 200, schema: approvalSchema, description: 'The decided approval.' },
    errors: [404, 409],
  },
];
