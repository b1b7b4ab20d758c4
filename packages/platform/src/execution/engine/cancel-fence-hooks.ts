import type { StatementRunner } from '@agentloom/db';
import { AbortedError, type LifecycleHooks } from '@agentloom/runtime';

import { readRunFence } from '../fence-run';
import type { ClaimedRun } from '../run-claims';
import { cancelCommittedMessage } from './tool-ledger-hooks';

/**
 * How long a step commit's fence stands in for the next model call's read (ADR 0094). A cancel can
 * commit only after the step commit does (it waits on the run row lock the commit holds), so this
 * is how much longer than a read's own window a committed cancel may wait for its notification.
 * Memory retrieval or a budget read between the commit and the call takes longer than this, and the
 * call reads the fence as before.
 */
export const commitFenceWindowMs = 1;

export interface CancelFenceHooks extends LifecycleHooks {
  /** Database errors the check threw (lost lease, database down): the processor must see the real cause. */
  readonly failures: unknown[];
  /** The same check, for a call made outside the hooks (a recorded replay's live tool call, ADR 0059). */
  check(): Promise<void>;
  /** A step commit returned: `confirmed` when its fence saw the run `running` under this lease with no cancel. */
  stepCommitted(confirmed: boolean): void;
}

export interface CancelFenceOptions {
  /** The monotonic clock the commit's window is measured on (tests pass their own). */
  now?: () => number;
  windowMs?: number;
}

/**
 * Checks, before every model call, that this attempt still holds the lease and the run's cancel has
 * not committed — one plain read, not a locking transaction (readRunFence says why that is enough;
 * the step commit and the ledger statements keep the row lock). The cancel notification aborts the
 * in-flight call; this check covers a notification that was missed or has not arrived yet, so no
 * model call starts after a committed cancel. Tool calls get the same check in the ledger hook,
 * in the transaction that marks them running.
 *
 * The first model call after a step commit whose fence confirmed the run skips the read when it
 * starts within `windowMs` of the commit's answer: the commit saw the same row under its lock a
 * moment before, so the read would add a round trip and no guarantee (ADR 0094). Only that call,
 * and only within the window: memory retrieval and context work can run between a commit and the
 * call, and a call that starts later reads the fence (ADR 0072).
 */
export function createCancelFenceHooks(runner: StatementRunner, run: ClaimedRun, owner: string, options: CancelFenceOptions = {}): CancelFenceHooks {
  const now = options.now ?? (() => performance.now());
  const windowMs = options.windowMs ?? commitFenceWindowMs;
  const failures: unknown[] = [];
  let confirmedAt: number | undefined;
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
  return {
    failures,
    check,
    stepCommitted(confirmed) {
      confirmedAt = confirmed ? now() : undefined;
    },
    modelCallStarting() {
      const confirmation = confirmedAt;
      confirmedAt = undefined;
      if (confirmation !== undefined && now() - confirmation <= windowMs) return;
      return check();
    },
  };
}
