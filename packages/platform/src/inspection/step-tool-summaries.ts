import type { PrismaClient } from '@agentloom/db';

/** What a timeline row says about a step's tool calls: their names, whether one failed, the approval state. */
export interface StepToolSummary {
  toolCalls: { name: string; status: string }[];
  hasError: boolean;
  /** The step's approval: pending | approved | rejected | expired, or null when no call asked. */
  approval: string | null;
}

/** Ledger states that mean the call went wrong. */
export const failedToolCallStatuses = ['failed', 'outcome_unknown', 'abandoned'] as const;
/** A rejection or an expiry is a decision (it carries an error kind for the model), not a failure. */
export const decidedToolCallStatuses = ['rejected', 'expired'] as const;

/** Whether a ledger row counts as an error on the timeline. */
export function isFailedToolCall(call: { status: string; errorKind: string | null }): boolean {
  if ((failedToolCallStatuses as readonly string[]).includes(call.status)) return true;
  return call.errorKind !== null && !(decidedToolCallStatuses as readonly string[]).includes(call.status);
}

const approvalPrecedence = ['pending', 'rejected', 'expired', 'approved'];

/**
 * The tool calls of a page of steps, grouped by step id, in proposal order. One indexed read
 * (`tool_calls.step_id`) per page of steps, however long the run.
 */
export async function loadStepToolSummaries(prisma: PrismaClient, tenantId: string, runId: string, stepIds: string[]): Promise<Map<string, StepToolSummary>> {
  const rows = await prisma.toolCall.findMany({
    where: { tenantId, runId, stepId: { in: stepIds } },
    orderBy: { id: 'asc' },
    select: { stepId: true, name: true, status: true, errorKind: true, approval: { select: { status: true } } },
  });
  const summaries = new Map<string, StepToolSummary>();
  for (const row of rows) {
    if (!row.stepId) continue;
    const summary = summaries.get(row.stepId) ?? { toolCalls: [], hasError: false, approval: null };
    summary.toolCalls.push({ name: row.name, status: row.status });
    if (isFailedToolCall(row)) summary.hasError = true;
    // Several calls of one step may ask: the state that needs a person most wins.
    const approval = row.approval?.status;
    if (approval && (summary.approval === null || approvalPrecedence.indexOf(approval) < approvalPrecedence.indexOf(summary.approval))) summary.approval = approval;
    summaries.set(row.stepId, summary);
  }
  return summaries;
}
