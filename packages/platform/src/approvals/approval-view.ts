import type { Prisma } from '@agentloom/db';

export interface ApprovalView {
  id: string;
  runId: string;
  toolCallId: string;
  toolName: string;
  status: 'pending' | 'approved' | 'rejected' | 'expired';
  requestReason: string;
  decisionReason: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  originalArguments: Prisma.JsonValue;
  editedArguments: Prisma.JsonValue;
  expiresAt: string | null;
  createdAt: string;
}

export const approvalViewSelect = {
  id: true,
  runId: true,
  toolCallId: true,
  status: true,
  requestReason: true,
  decisionReason: true,
  decidedBy: true,
  decidedAt: true,
  originalArguments: true,
  editedArguments: true,
  expiresAt: true,
  createdAt: true,
  toolCall: { select: { name: true } },
} as const satisfies Prisma.ApprovalSelect;

type ApprovalRow = Prisma.ApprovalGetPayload<{ select: typeof approvalViewSelect }>;

export function toApprovalView(row: ApprovalRow): ApprovalView {
  return {
    id: row.id,
    runId: row.runId,
    toolCallId: row.toolCallId,
    toolName: row.toolCall.name,
    status: row.status,
    requestReason: row.requestReason,
    decisionReason: row.decisionReason,
    decidedBy: row.decidedBy,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    originalArguments: row.originalArguments,
    editedArguments: row.editedArguments,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
