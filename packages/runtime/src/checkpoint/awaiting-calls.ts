import type { Checkpoint } from './checkpoint-schema';

/**
 * The call ids a checkpoint waits on a human for: the run's own calls awaiting approval and the calls
 * of sub-agents suspended on a delegating call (qualified `<parentCallId>/<childCallId>`). A host
 * resumes the run with one decision for each.
 */
export function awaitingApprovalCallIds(checkpoint: Checkpoint): string[] {
  return checkpoint.pendingCalls.flatMap((call) => {
    if (call.child && call.child.decisions.length === 0) return call.child.requests.map((request) => request.callId);
    return call.status === 'awaiting-approval' ? [call.id] : [];
  });
}
