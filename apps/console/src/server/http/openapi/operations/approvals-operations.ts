import {
  approvalInputExcerptLength,
  decideApprovalInputSchema,
  decideApprovalsInputSchema,
  listApprovalsInputSchema,
  maximumBulkDecisions,
} from '@agentloom/platform';
import { z } from 'zod';

import type { ApiOperation } from '../api-operation';
import { approvalPageSchema, approvalSchema, bulkDecisionResultSchema } from '../../views/approval-views';

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
    summary: 'List approvals, newest first, with their context',
    description: `Each approval carries what tells it apart from another request of the same tool: \`run: { status, inputExcerpt, inputTruncated }\` (the first ${approvalInputExcerptLength} characters of the run's input), \`agent: { id, name, slug, version }\` (the version the run executes), \`thread: { id, title } | null\`, and \`createdAt\` (a pending request has waited since then). \`status=decided\` lists every approval that is no longer pending (approved, rejected or expired), filtered by the server so a page is full however many newer requests wait.`,
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
    description:
      "One decision wins; a later one is a 409. The run continues on its own. An `edit`'s `arguments` (at most 256 KiB of JSON) must fit the tool's input schema: otherwise the answer is a 400 naming the field (`arguments.<path>`) and the approval stays pending. An MCP tool's schema lives on its server, so an edit of one is checked when the run resumes, where one that does not fit rejects the call with the reason the model reads.",
    role: 'operator',
    pathParameters: { id: 'The approval id (uuid).' },
    body: decisionBody,
    success: { status: 200, schema: approvalSchema, description: 'The decided approval.' },
    errors: [404, 409],
  },
  {
    method: 'post',
    path: '/api/v1/approvals/decisions',
    operationId: 'decideApprovals',
    tag: 'Approvals',
    summary: 'Approve or reject several pending tool calls',
    description: `Up to ${maximumBulkDecisions} approvals, each decided on its own exactly as by \`POST /api/v1/approvals/{id}/decision\` (audited, one decision wins): one already decided by someone else, expired or unknown does not stop the others.`,
    role: 'operator',
    body: decideApprovalsInputSchema,
    success: {
      status: 200,
      schema: bulkDecisionResultSchema,
      description:
        "`{ outcomes: ({ approvalId, outcome: 'decided', approval } | { approvalId, outcome: 'refused', kind: 'conflict' | 'not-found', message })[] }`, in the order of `approvalIds`.",
    },
  },
];
