'use client';

import type { RunView } from '@agentloom/platform';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { buttonStyles, cardStyles } from '~/components/button-styles';
import { LocalTime } from '~/components/local-time';
import { useCanOperate } from '~/features/session/principal-context';
import { useTRPC } from '~/trpc/react';

/**
 * A run paused by a spent budget whose policy is `pause` (ADR 0057): the reason, and for operators a
 * Resume button. Resume re-checks the budget on the server; a run still over budget shows its refusal.
 */
export function BudgetPauseNotice({ run }: { run: RunView }) {
  const canOperate = useCanOperate();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const resume = useMutation(
    trpc.runs.resumeBudgetPause.mutationOptions({
      onSuccess: (updated) => queryClient.setQueryData(trpc.runs.get.queryKey({ runId: run.id }), updated),
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.runs.pathKey() }),
    }),
  );
  const pause = run.budgetPause;
  if (!pause) return null;
  return (
    <section aria-label="Paused by budget" className={`${cardStyles} border-amber-300 p-4 dark:border-amber-700`}>
      <h2 className="text-sm font-medium">Paused by budget</h2>
      <p className="mt-1 text-sm">{pause.message}</p>
      <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-300">
        Since <LocalTime iso={pause.pausedAt} />.{' '}
        {pause.resumesAt ? (
          <>
            Resumes by itself after <LocalTime iso={pause.resumesAt} /> if the budget has room then; or raise the budget and resume, or cancel the run.
          </>
        ) : (
          'Raise the budget, then resume; or cancel the run.'
        )}
      </p>
      {canOperate ? (
        <div className="mt-3 flex items-center gap-3">
          <button type="button" className={buttonStyles.primary} disabled={resume.isPending} onClick={() => resume.mutate({ runId: run.id })}>
            {resume.isPending ? 'Resuming…' : 'Resume run'}
          </button>
          {resume.error ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              {resume.error.message}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
