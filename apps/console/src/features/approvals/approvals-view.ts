export type ApprovalsView = 'pending' | 'decided';

/** The inbox's `approvals.list` input, identical on the server (prefetch) and in the browser. */
export function approvalsInput(view: ApprovalsView) {
  // Decided is filtered by the server: a page filtered in the browser could be all pending rows, and empty.
  return view === 'pending' ? { status: 'pending' as const, limit: 25 } : { status: 'decided' as const, limit: 50 };
}
