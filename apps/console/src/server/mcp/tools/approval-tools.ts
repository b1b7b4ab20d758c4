import { z } from 'zod';

import { defineTool } from '../mcp-tool';

export const listApprovalsTool = defineTool({
  name: 'list_approvals',
  title: 'List approvals',
  description: "The tenant's approvals (tool calls waiting for a person's decision), newest first; filter by status and run.",
  role: 'viewer',
  readOnly: true,
  inputSchema: {
    status: z.enum(['pending', 'approved', 'rejected', 'expired']).optional(),
    runId: z.uuid().optional(),
    cursor: z.uuid().optional(),
    limit: z.number().int().min(1).max(200).default(50),
  },
  run: (input, { platform, principal }) => platform.approvals.list(principal, input),
});

export const decideApprovalTool = defineTool({
  name: 'decide_approval',
  title: 'Decide an approval',
  description:
    'Approves or rejects (with a reason) a pending approval; the run then goes on. Edit runs the call with new arguments. ' +
    'One decision wins: a later one is a conflict. Needs the operator role.',
  role: 'operator',
  readOnly: false,
  inputSchema: {
    approvalId: z.uuid(),
    decision: z.enum(['approve', 'reject', 'edit']),
    reason: z.string().min(1).max(2_000).optional().describe('Why; required to reject.'),
    arguments: z.record(z.string(), z.unknown()).optional().describe('The arguments to run the call with; required to edit.'),
  },
  // The service's own schema checks the combination (reason to reject, arguments to edit), naming the field.
  run: (input, { platform, principal }) => platform.approvals.decide(principal, input),
});
