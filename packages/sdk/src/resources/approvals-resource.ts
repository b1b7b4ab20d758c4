import { pathSegment } from '../path-segment.ts';
import type { Transport } from '../transport.ts';
import type { Approval, ApprovalDecision, ApprovalPage, BulkDecisionResult } from '../types.ts';

export interface ListApprovalsInput {
  status?: Approval['status'];
  runId?: string;
  cursor?: string;
  limit?: number;
}

/** The approvals inbox and its decisions. */
export function approvalsResource(transport: Transport) {
  const decide = async (approvalId: string, decision: ApprovalDecision): Promise<Approval> =>
    transport.json('POST', `/api/v1/approvals/${pathSegment('approvalId', approvalId)}/decision`, { body: decision });
  return {
    list(input: ListApprovalsInput = {}): Promise<ApprovalPage> {
      return transport.json('GET', '/api/v1/approvals', { query: { ...input } });
    },
    /** One decision wins; a later one fails with kind `conflict` (409). */
    decide,
    approve: (approvalId: string) => decide(approvalId, { decision: 'approve' }),
    reject: (approvalId: string, reason: string) => decide(approvalId, { decision: 'reject', reason }),
    /** The same decision for several approvals, each decided on its own; one outcome per approval, in order. */
    decideMany(
      approvalIds: string[],
      decision: { decision: 'approve' } | { decision: 'reject'; reason: string },
    ): Promise<BulkDecisionResult> {
      return transport.json('POST', '/api/v1/approvals/decisions', { body: { approvalIds, ...decision } });
    },
  };
}
