import type { StatementRunner } from '@agentloom/db';
import { AbortedError, type LifecycleHooks } from '@agentloom/runtime';

import { readRunFence } from '../fence-run';
import type { ClaimedRun } from '../run-claims';
import { cancelCommittedMessage } from './tool-ledger-hooks';

export interface CancelFenceHooks extends LifecycleHooks {
  /** Database errors the check threw (lost lease, database down): the processor must see the real cause. */
  readonly failures: unknown[];
  /** The same check, for a call made outside the hooks (a recorded replay's live tool call, ADR 0059). */
  check(): Promise<void>;
}

/**
 * Checks, before every model call, that this attempt still holds the lease and the run's cancel has
 * not committed — one plain read, not a locking transaction (readRunFence says why that is enough;
 * the step commit and the ledger statements keep the row lock). The cancel notification aborts the
 * in-flight call; this check covers a notification that was missed or has not arrived yet, so no
 * model call starts after a committed cancel. Tool calls get the same check in the ledger hook,
 * in the transaction that marks them running. Every model call reads the fence, the first one after
 * a step commit included: the commit's own fence is older than the call (memory retrieval and context
 * work run between them), and a cancel committed in that window must stop the call (ADR 0072).
 */
export function createCancelFenceHooks(runner: StatementRunner, run: ClaimedRun, owner: string): CancelFenceHooks {
  const failures: unknown[] = [];
  const check = async () => {
    let cancelRequested: boolean;
    try {
      ({ cancelRequested } = await readRunFence(runner, run, owner));
    } catch (error) {
      failures.push(error);
      throw error;
    }
    if (cancelRequested) throw new AbortedError(cancelCommittedMessage);
  };
  return { failures, check, modelCallStarting: check };
}
