export type ApprovalsView = 'pending' | 'decided';

/** The inbox's `approvals.list` input, identical on the server (prefetch) and in the browser. */
export function approvalsInput(view: ApprovalsView) {
  return view === 'pending' ? { status: 'pending' as const, limit: 25 } : { limit: 50 };
}
