'use client';

import type { ScheduleView } from '@agentloom/platform';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Route } from 'next';
import Link from 'next/link';
import { useState } from 'react';
import { buttonStyles, cardStyles } from '~/components/button-styles';
import { ConfirmDialog } from '~/components/confirm-dialog';
import { ErrorNotice } from '~/components/error-notice';
import { useCanOperate } from '~/features/session/principal-context';
import { useTRPC } from '~/trpc/react';
import { formatInZone, ScheduleForm } from './schedule-form';

/** One schedule: timing, next fire, counts, and (for operators) pause/resume, edit and delete. */
export function ScheduleCard({ schedule }: { schedule: ScheduleView }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const canOperate = useCanOperate();
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.schedules.list.queryKey() });
  const pause = useMutation(trpc.schedules.pause.mutationOptions({ onSuccess: refresh }));
  const resume = useMutation(trpc.schedules.resume.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(
    trpc.schedules.delete.mutationOptions({
      onSuccess: async () => {
        setConfirmingDelete(false);
        await refresh();
      },
    }),
  );
  if (editing) return <ScheduleForm schedule={schedule} onDone={() => setEditing(false)} />;
  const { timing } = schedule;
  const when = timing.kind === 'cron' ? `cron ${timing.cronExpression} (${timing.timeZone})` : `every ${timing.intervalSeconds / 60} min`;
  const toggle = schedule.paused ? resume : pause;

  return (
    <article aria-label={`Schedule ${schedule.name}`} className={`${cardStyles} p-5`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-base font-semibold">
            {schedule.name}{' '}
            <span className={`ml-1 rounded px-1.5 py-0.5 text-xs font-medium ${schedule.paused ? 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200' : 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200'}`}>
              {schedule.paused ? 'Paused' : 'Active'}
            </span>
          </h2>
          <p className="mt-1 text-sm text-zinc-700 dark:text-zinc-200">
            <Link href={`/agents/${schedule.agentId}` as Route} className="text-brand-700 hover:underline dark:text-brand-400">
              {schedule.agentName}
            </Link>{' '}
            {schedule.agentVersion === null ? '(latest version)' : `v${schedule.agentVersion}`} · <span className="font-mono">{when}</span>
          </p>
        </div>
        {canOperate ? (
          <div className="flex gap-2">
            <button type="button" className={buttonStyles.secondary} disabled={toggle.isPending} onClick={() => toggle.mutate({ scheduleId: schedule.id })}>
              {schedule.paused ? 'Resume' : 'Pause'}
            </button>
            <button type="button" className={buttonStyles.secondary} onClick={() => setEditing(true)}>
              Edit
            </button>
            <button type="button" className={buttonStyles.danger} onClick={() => setConfirmingDelete(true)}>
              Delete
            </button>
          </div>
        ) : null}
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <dt className="text-zinc-600 dark:text-zinc-300">{schedule.paused ? 'Would fire' : 'Next fire'}</dt>
          <dd>
            <time dateTime={schedule.nextFireAt}>{formatInZone(schedule.nextFireAt, timing.timeZone)}</time>
          </dd>
        </div>
        <div>
          <dt className="text-zinc-600 dark:text-zinc-300">Fired / skipped</dt>
          <dd>
            {schedule.firedCount} / {schedule.skippedCount}
          </dd>
        </div>
        <div>
          <dt className="text-zinc-600 dark:text-zinc-300">Overlap · catch-up</dt>
          <dd>
            {schedule.overlapPolicy} · {schedule.catchUpPolicy}
          </dd>
        </div>
        <div>
          <dt className="text-zinc-600 dark:text-zinc-300">Last run</dt>
          <dd>
            {schedule.lastRunId ? (
              <Link href={`/runs/${schedule.lastRunId}` as Route} className="font-mono text-brand-700 hover:underline dark:text-brand-400">
                {schedule.lastRunId.slice(0, 8)}
              </Link>
            ) : (
              'none yet'
            )}
          </dd>
        </div>
      </dl>
      {schedule.lastError ? <ErrorNotice title="The last slot created no run" message={schedule.lastError} /> : null}
      {toggle.error ? <ErrorNotice title="The schedule was not changed" message={toggle.error.message} /> : null}
      <ConfirmDialog
        open={confirmingDelete}
        title={`Delete schedule ${schedule.name}?`}
        confirmLabel="Delete schedule"
        pending={remove.isPending}
        error={remove.error?.message ?? null}
        onConfirm={() => remove.mutate({ scheduleId: schedule.id })}
        onCancel={() => setConfirmingDelete(false)}
      >
        No more runs will be created by it. The runs it already created stay.
      </ConfirmDialog>
    </article>
  );
}
