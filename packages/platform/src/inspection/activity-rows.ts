import type { Database } from '@agentloom/db';

import { selectApprovalRows } from '../approvals/approval-list-sql';
import { approvalInputExcerptLength, toApprovalView, type ApprovalView } from '../approvals/approval-view';
import type { Principal } from '../auth/roles';
import { tenantPricedModels } from '../model-prices/tenant-priced-models';
import { runViewSelect, toRunView, type RunView } from '../runs/run-view';

/**
 * What live lists need to patch their rows for the runs of one activity message, instead of
 * refetching every list (ADR 0064): the runs as `runs.list` shows them, their approvals as
 * `approvals.list` shows them, and the tenant's pending count when it may have moved.
 */
export interface ActivityRows {
  /** The named runs that still exist, in no particular order; a named run missing here was erased. */
  runs: RunView[];
  /** Every approval of the named runs, newest first, when `approvalsComplete`; else a prefix of them. */
  approvals: ApprovalView[];
  /** False when the runs hold more approvals than a message carries: a list cannot tell, and refetches. */
  approvalsComplete: boolean;
  /**
   * The tenant's pending approvals now, when an approval of the named runs exists or a named run
   * was erased; null when none of these changes can have moved it (approvals change only with an
   * event of their run, and only a run's erase removes them).
   */
  pendingApprovals: number | null;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** More changed runs than this in one message and the lists refetch: a burst is cheaper read as pages. */
export const maximumActivityRuns = 50;
/** Approvals one message carries at most (a run rarely holds more than a few). */
export const maximumActivityApprovals = 50;

/**
 * Reads the rows of the runs an activity message names: three statements by primary key or
 * `run_id` index (runs, approvals, and the pending count only when it may have moved), whatever
 * lists the tab shows, instead of one refetch per mounted list with its filters and sort.
 * Undefined when the message names too many runs or "everything" (`*`, after a reconnect): the
 * lists then refetch.
 */
export async function readActivityRows(database: Database, principal: Principal, runIds: readonly string[]): Promise<ActivityRows | undefined> {
  if (runIds.length === 0 || runIds.length > maximumActivityRuns || !runIds.every((runId) => uuidPattern.test(runId))) return undefined;
  const { prisma } = database;
  const { tenantId } = principal;
  const [runRows, tenantPriced, approvalRows] = await Promise.all([
    prisma.run.findMany({ where: { id: { in: [...runIds] }, tenantId }, select: runViewSelect }),
    tenantPricedModels(prisma, tenantId),
    selectApprovalRows(prisma, { tenantId, runIds, limit: maximumActivityApprovals + 1, excerptLength: approvalInputExcerptLength }),
  ]);
  const erased = runRows.length < new Set(runIds).size;
  const pendingApprovals =
    approvalRows.length > 0 || erased ? await prisma.approval.count({ where: { tenantId, status: 'pending' } }) : null;
  return {
    runs: runRows.map((row) => toRunView(row, tenantPriced)),
    approvals: approvalRows.slice(0, maximumActivityApprovals).map(toApprovalView),
    approvalsComplete: approvalRows.length <= maximumActivityApprovals,
    pendingApprovals,
  };
}
