'use client';

import type { RunView } from '@agentloom/platform';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { buttonStyles } from '~/components/button-styles';
import { ForkDialog } from '~/features/runs/components/fork/fork-dialog';
import { useTRPC } from '~/trpc/react';

/** A fork reads committed steps only; the service refuses these statuses too (ADR 0032). */
const movingStatuses: ReadonlySet<string> = new Set(['queued', 'running']);

/**
 * "Fork from here" in the step panel: offered when retention kept this step's checkpoint (the
 * latest, approval points, the step before a failure), the run is not moving and the run view allows
 * a fork (not a replay, agent not archived); otherwise it says why not, so the operator knows which
 * steps can be forked.
 */
export function ForkFromStep({ run, stepIndex }: { run: RunView; stepIndex: number }) {
  const trpc = useTRPC();
  const [open, setOpen] = useState(false);
  const checkpoints = useQuery(trpc.checkpoints.list.queryOptions({ runId: run.id, limit: 200 }));
  const retained = checkpoints.data?.checkpoints ?? [];
  const checkpoint = retained.findLast((candidate) => candidate.stepIndex === stepIndex);
  // The status check reads the live status (the header patches it before the view is refetched);
  // the view's refusal covers the rest: a replay, an archived agent (run-repeat-rules.ts).
  const reason = movingStatuses.has(run.status)
    ? 'Fork once the run has paused or ended: its latest checkpoint changes with every step.'
    : !run.repeat.fork.allowed
      ? `${run.repeat.fork.reason ?? 'The server refuses to fork this run'}.`
      : checkpoints.data && !checkpoint
        ? `No checkpoint was kept for this step (retention keeps the latest, approval points and the step before a failure)${
            retained.length > 0 ? `; steps with one: ${retained.map((candidate) => candidate.stepIndex).join(', ')}` : ''
          }.`
        : null;

  return (
    <div className="flex flex-wrap items-center gap-2">
      <button type="button" className={buttonStyles.secondary} disabled={!checkpoint || reason !== null} onClick={() => setOpen(true)}>
        Fork from here
      </button>
      {reason ? <p className="text-xs text-zinc-600 dark:text-zinc-400">{reason}</p> : null}
      {open && checkpoint ? <ForkDialog run={run} stepIndex={stepIndex} checkpointSeq={checkpoint.seq} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}
