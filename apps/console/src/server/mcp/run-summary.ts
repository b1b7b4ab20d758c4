import type { ApprovalView, Platform, Principal, RunView } from '@agentloom/platform';

/** How many steps a summary names; `get_run` pages on with `stepCursor`. */
const summaryStepLimit = 50;

/** One step as a line of the run's story: what it was, how it ended, which tools it called. */
export interface StepSummary {
  index: number;
  kind: string;
  status: string;
  toolCalls: string[];
  hasError: boolean;
  approval: string | null;
}

/** A run as MCP tools and resources return it: the run, its steps in brief, and what it waits on. */
export interface RunSummary {
  run: RunView;
  steps: StepSummary[];
  /** Index to pass as `stepCursor` for the next steps; null when these were the last. */
  nextStepCursor: number | null;
  /** The approvals the run waits on (status `waiting_human`), so a client can decide them at once. */
  pendingApprovals: ApprovalView[];
}

/**
 * Reads a run through the same services as `GET /api/v1/runs/{id}`, `…/steps` and `/approvals`,
 * so access (404 for foreign and unknown runs) and views are the REST ones.
 */
export async function runSummary(platform: Platform, principal: Principal, runId: string, stepCursor?: number): Promise<RunSummary> {
  const run = await platform.runs.get(principal, { runId });
  const { steps, nextCursor } = await platform.runSteps.list(principal, {
    runId,
    limit: summaryStepLimit,
    ...(stepCursor === undefined ? {} : { cursor: stepCursor }),
  });
  const pendingApprovals = run.status === 'waiting_human' ? (await platform.approvals.list(principal, { runId, status: 'pending' })).approvals : [];
  return {
    run,
    steps: steps.map((step) => ({
      index: step.index,
      kind: step.kind,
      status: step.status,
      toolCalls: step.toolCalls.map((call) => `${call.name} (${call.status})`),
      hasError: step.hasError,
      approval: step.approval,
    })),
    nextStepCursor: nextCursor,
    pendingApprovals,
  };
}
