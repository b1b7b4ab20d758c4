'use client';

import type { RunView } from '@agentloom/platform';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Route } from 'next';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { buttonStyles, inputStyles } from '~/components/button-styles';
import { ErrorNotice } from '~/components/error-notice';
import { AddRunToDatasetButton } from '~/features/evaluations/components/add-run-to-dataset-button';
import { repeatRefusalNotes } from '~/features/runs/repeat-refusals';
import { useTRPC } from '~/trpc/react';

/**
 * Retry (failed or cancelled runs), re-run on a chosen version, "Compare with…", and links to the runs this one is
 * linked with (ADR 0029): retry, re-run, the run it was forked from (at which step) and its forks (ADR 0032). Each action makes a new run and opens it.
 * Retry and re-run are offered only when the run view says the server will do them (`run.repeat`); when a replay, an
 * archived agent or an archived thread refuses them, a note says why instead of a button that would fail.
 */
export function RunActions({ run, canOperate }: { run: RunView; canOperate: boolean }) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const versions = useQuery(trpc.agents.versions.queryOptions({ agentId: run.agentId }));
  const currentVersion = versions.data?.versions.find((version) => version.id === run.agentVersionId)?.version;
  const [chosenVersion, setChosenVersion] = useState<number | null>(null);
  const open = async (runId: string) => {
    await queryClient.invalidateQueries({ queryKey: trpc.runs.pathKey() });
    router.push(`/runs/${runId}` as Route);
  };
  const retry = useMutation(trpc.runs.retry.mutationOptions({ onSuccess: ({ run: retried }) => open(retried.id) }));
  const rerun = useMutation(trpc.runs.rerun.mutationOptions({ onSuccess: (created) => open(created.id) }));
  const version = chosenVersion ?? currentVersion;
  const refusals = canOperate ? repeatRefusalNotes(run.repeat) : [];

  return (
    <section id="run-actions" aria-label="Run actions" className="flex flex-wrap items-end gap-3 text-sm">
      {run.retryOfRunId ? <RunLink label="Retry of" runId={run.retryOfRunId} /> : null}
      {run.rerunOfRunId ? <RunLink label="Re-run of" runId={run.rerunOfRunId} /> : null}
      {run.retriedByRunId ? <RunLink label="Retried as" runId={run.retriedByRunId} /> : null}
      {run.schedule ? (
        <span className="text-xs text-zinc-600 dark:text-zinc-300">
          Fired by schedule{' '}
          <Link href="/schedules" className="font-medium text-brand-700 hover:underline dark:text-brand-400">
            {run.schedule.name ?? run.schedule.scheduleId.slice(0, 8)}
          </Link>{' '}
          for the slot <time dateTime={run.schedule.slot}>{run.schedule.slot}</time>
        </span>
      ) : null}
      {run.forkOf ? <RunLink label="Forked from run" runId={run.forkOf.runId} suffix={` at step ${run.forkOf.stepIndex}`} /> : null}
      {run.forks.length > 0 ? (
        <span className="text-xs text-zinc-600 dark:text-zinc-300" aria-label="Forks of this run">
          Forks:{' '}
          {run.forks.map((fork, position) => (
            <span key={fork.runId}>
              {position > 0 ? ', ' : null}
              <Link href={`/runs/${fork.runId}` as Route} className="font-mono text-brand-700 hover:underline dark:text-brand-400">
                {fork.runId.slice(0, 8)}
              </Link>{' '}
              (step {fork.stepIndex})
            </span>
          ))}
        </span>
      ) : null}
      {canOperate && run.repeat.retry.allowed && !run.retriedByRunId ? (
        <button type="button" className={buttonStyles.primary} disabled={retry.isPending || retry.isSuccess} onClick={() => retry.mutate({ runId: run.id })}>
          {retry.isPending || retry.isSuccess ? 'Retrying…' : 'Retry'}
        </button>
      ) : null}
      {canOperate && run.repeat.rerun.allowed ? (
        <form
          className="flex items-end gap-2"
          aria-label="Re-run"
          onSubmit={(event) => {
            event.preventDefault();
            rerun.mutate({ runId: run.id, ...(version === undefined ? {} : { agentVersion: version }) });
          }}
        >
          <label className="text-xs text-zinc-600 dark:text-zinc-300">
            Version
            <select
              value={version ?? ''}
              onChange={(event) => setChosenVersion(Number(event.target.value))}
              className={`${inputStyles} mt-0.5 w-24`}
              disabled={!versions.data}
            >
              {versions.data?.versions.map((option) => (
                <option key={option.id} value={option.version}>
                  v{option.version}
                  {option.version === currentVersion ? ' (this run)' : ''}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={buttonStyles.secondary} disabled={rerun.isPending || rerun.isSuccess}>
            {rerun.isPending || rerun.isSuccess ? 'Starting…' : 'Re-run with the same input'}
          </button>
        </form>
      ) : null}
      <Link
        href={`/runs/compare?left=${run.id}${(run.rerunOfRunId ?? run.retryOfRunId) ? `&right=${run.rerunOfRunId ?? run.retryOfRunId}` : ''}` as Route}
        className={buttonStyles.secondary}
      >
        Compare with…
      </Link>
      {canOperate && (run.status === 'succeeded' || run.status === 'failed') ? <AddRunToDatasetButton runId={run.id} /> : null}
      {refusals.map((refusal) => (
        <p key={refusal.reason} className="basis-full text-xs text-zinc-600 dark:text-zinc-300">
          {refusal.actions} not offered: {refusal.reason}.
        </p>
      ))}
      {retry.error ? <ErrorNotice title="The run was not retried" message={retry.error.message} /> : null}
      {rerun.error ? <ErrorNotice title="The run was not re-run" message={rerun.error.message} /> : null}
    </section>
  );
}

function RunLink({ label, runId, suffix }: { label: string; runId: string; suffix?: string }) {
  return (
    <span className="text-xs text-zinc-600 dark:text-zinc-300">
      {label}{' '}
      <Link href={`/runs/${runId}` as Route} className="font-mono text-brand-700 hover:underline dark:text-brand-400">
        {runId.slice(0, 8)}
      </Link>
      {suffix}
    </span>
  );
}
