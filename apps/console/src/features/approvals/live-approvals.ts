import type { ApprovalView, ListApprovalsInput } from '@agentloom/platform';

import { patchListPages } from '../activity/patch-list-pages';

/** A page of `approvals.list`. */
export interface ApprovalsPage {
  approvals: ApprovalView[];
  nextCursor: string | null;
}

/** Newest first by id (uuid v7, time-ordered): the database's `ORDER BY a.id DESC`. */
export function compareApprovals(left: ApprovalView, right: ApprovalView): number {
  return left.id < right.id ? 1 : left.id > right.id ? -1 : 0;
}

/** The list's filters as the server applies them: `decided` is any status but pending. */
export function approvalMatchesFilters(approval: ApprovalView, input: ListApprovalsInput): boolean {
  if (input.status === 'decided' ? approval.status === 'pending' : input.status !== undefined && approval.status !== input.status) return false;
  return input.runId === undefined || approval.runId === input.runId;
}

/**
 * An approvals list's pages after the runs `runIds` changed, given every approval of those runs
 * now (`approvals`, complete): a request that appeared enters, a decided one leaves a `pending`
 * list (and enters an unfiltered one, updated), whatever else they show stays. Undefined when the
 * change does not carry every approval of its runs: the list refetches.
 */
export function patchApprovalsPages(
  pages: readonly ApprovalsPage[],
  input: ListApprovalsInput,
  change: { runIds: readonly string[]; approvals: readonly ApprovalView[]; approvalsComplete: boolean },
): ApprovalsPage[] | undefined {
  if (!change.approvalsComplete) return undefined;
  const changed = new Set(change.runIds);
  const hasMore = (pages.at(-1)?.nextCursor ?? null) !== null;
  const patched = patchListPages(
    pages.map((page) => page.approvals),
    hasMore,
    {
      idOf: (approval) => approval.id,
      compare: compareApprovals,
      affected: (approval) => changed.has(approval.runId),
      incoming: change.approvals.filter((approval) => changed.has(approval.runId) && approvalMatchesFilters(approval, input)),
      // The cursor is compared as an id (`a.id < cursor`), which holds whether or not the row still exists.
    },
  );
  return patched?.map((approvals, index) => ({ approvals, nextCursor: pages[index]?.nextCursor ?? null }));
}
