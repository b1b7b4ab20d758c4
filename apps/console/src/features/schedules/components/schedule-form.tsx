'use client';

import type { CatchUpPolicy, OverlapPolicy, ScheduleView } from '@agentloom/platform';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { buttonStyles, cardStyles, inputStyles } from '~/components/button-styles';
import { ErrorNotice } from '~/components/error-notice';
import { useTRPC } from '~/trpc/react';

type Kind = 'cron' | 'interval';

const overlapLabels: Record<OverlapPolicy, string> = {
  skip: 'Skip the slot while the previous run is active',
  queue: 'Queue: wait for the previous run, then fire',
  'cancel-previous': 'Cancel the previous run and fire',
};
const catchUpLabels: Record<CatchUpPolicy, string> = {
  skip: 'Skip slots missed during downtime',
  'run-once': 'Run once for the missed slots',
  'run-all': 'Run every missed slot (up to the limit)',
};

/** The create form, or the edit form of `schedule`: timing, agent, input template and policies, with a live preview of the next fire times. */
export function ScheduleForm({ schedule, onDone }: { schedule?: ScheduleView; onDone?: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const formId = useId();
  const agentSelectId = `${formId}-agent`;
  const overlapSelectId = `${formId}-overlap`;
  const catchUpSelectId = `${formId}-catch-up`;
  const agents = useQuery(trpc.agents.list.queryOptions({ includeArchived: false }));
  const [name, setName] = useState(schedule?.name ?? '');
  const [agentId, setAgentId] = useState(schedule?.agentId ?? '');
  const [agentVersion, setAgentVersion] = useState(schedule?.agentVersion === null || !schedule ? '' : String(schedule.agentVersion));
  const [kind, setKind] = useState<Kind>(schedule?.timing.kind ?? 'cron');
  const [cronExpression, setCronExpression] = useState(schedule?.timing.kind === 'cron' ? schedule.timing.cronExpression : '0 9 * * 1-5');
  // UTC, not the browser's zone: the server renders this form too, and both must agree.
  const [timeZone, setTimeZone] = useState(schedule?.timing.timeZone ?? 'UTC');
  const [intervalMinutes, setIntervalMinutes] = useState(schedule?.timing.kind === 'interval' ? String(schedule.timing.intervalSeconds / 60) : '60');
  const [inputTemplate, setInputTemplate] = useState(schedule?.inputTemplate ?? 'Daily report for {{slotLocal}}');
  const [overlapPolicy, setOverlapPolicy] = useState<OverlapPolicy>(schedule?.overlapPolicy ?? 'skip');
  const [catchUpPolicy, setCatchUpPolicy] = useState<CatchUpPolicy>(schedule?.catchUpPolicy ?? 'skip');

  const timing =
    kind === 'cron'
      ? { kind: 'cron' as const, cronExpression, timeZone }
      : { kind: 'interval' as const, intervalSeconds: Math.round(Number(intervalMinutes) * 60), timeZone };
  // The query key is the timing's value, so the preview follows typing and repeats no request for an unchanged timing.
  const preview = useQuery({ ...trpc.schedules.preview.queryOptions({ timing, count: 5 }), retry: false });

  const onSuccess = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.schedules.list.queryKey() });
    if (!schedule) setName('');
    onDone?.();
  };
  const create = useMutation(trpc.schedules.create.mutationOptions({ onSuccess }));
  const update = useMutation(trpc.schedules.update.mutationOptions({ onSuccess }));
  const mutation = schedule ? update : create;

  function submit(event: FormEvent) {
    event.preventDefault();
    const version = agentVersion === '' ? null : Number(agentVersion);
    const fields = { name, agentVersion: version, timing, inputTemplate, overlapPolicy, catchUpPolicy };
    if (schedule) update.mutate({ scheduleId: schedule.id, ...fields });
    else create.mutate({ ...fields, agentId });
  }

  return (
    <section aria-label={schedule ? `Edit schedule ${schedule.name}` : 'Create a schedule'} className={`${cardStyles} p-5`}>
      <h2 className="text-sm font-semibold">{schedule ? 'Edit schedule' : 'New schedule'}</h2>
      <form className="mt-4 space-y-4" onSubmit={submit} aria-describedby={`${formId}-preview`}>
        <div className="grid gap-4 md:grid-cols-3">
          <label className="block text-sm font-medium">
            Name
            <input className={`${inputStyles} mt-1`} required maxLength={120} value={name} onChange={(event) => setName(event.target.value)} placeholder="Morning digest" />
          </label>
          <div className="text-sm font-medium">
            {/* Tied by id, not wrapped: a wrapping label's text would include every option's. */}
            <label htmlFor={agentSelectId}>Agent</label>
            <select id={agentSelectId} className={`${inputStyles} mt-1`} required disabled={Boolean(schedule)} value={agentId} onChange={(event) => setAgentId(event.target.value)}>
              <option value="">Choose an agent</option>
              {(agents.data ?? []).map((agent) => (
                <option key={agent.id} value={agent.id}>
                  {agent.name}
                </option>
              ))}
            </select>
          </div>
          <label className="block text-sm font-medium">
            Version
            <input
              className={`${inputStyles} mt-1`}
              type="number"
              min={1}
              placeholder="latest"
              value={agentVersion}
              onChange={(event) => setAgentVersion(event.target.value)}
              aria-describedby={`${formId}-version-help`}
            />
            <span id={`${formId}-version-help`} className="mt-1 block text-xs font-normal text-zinc-600 dark:text-zinc-300">
              Empty: the agent’s latest version at each fire.
            </span>
          </label>
        </div>
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium">When</legend>
          <div className="flex gap-4 text-sm">
            <label className="flex items-center gap-2">
              <input type="radio" name={`${formId}-kind`} checked={kind === 'cron'} onChange={() => setKind('cron')} /> Cron expression
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" name={`${formId}-kind`} checked={kind === 'interval'} onChange={() => setKind('interval')} /> Every N minutes
            </label>
          </div>
          <div className="grid gap-4 md:grid-cols-2">
            {kind === 'cron' ? (
              <label className="block text-sm font-medium">
                Cron expression
                <input className={`${inputStyles} mt-1 font-mono`} required value={cronExpression} onChange={(event) => setCronExpression(event.target.value)} />
              </label>
            ) : (
              <label className="block text-sm font-medium">
                Interval (minutes)
                <input className={`${inputStyles} mt-1`} type="number" min={1} required value={intervalMinutes} onChange={(event) => setIntervalMinutes(event.target.value)} />
              </label>
            )}
            <label className="block text-sm font-medium">
              Time zone (IANA)
              <input className={`${inputStyles} mt-1`} required value={timeZone} onChange={(event) => setTimeZone(event.target.value)} placeholder="Europe/Paris" />
            </label>
          </div>
        </fieldset>
        <div id={`${formId}-preview`} aria-live="polite" className="text-sm">
          {preview.error ? (
            <p className="text-red-700 dark:text-red-400">Preview: {preview.error.message}</p>
          ) : preview.data ? (
            <div>
              <p className="font-medium">Next fire times</p>
              <ol aria-label="Next fire times" className="mt-1 list-inside list-decimal text-zinc-700 dark:text-zinc-200">
                {preview.data.fireTimes.map((fireTime) => (
                  <li key={fireTime}>
                    <time dateTime={fireTime}>{formatInZone(fireTime, timeZone)}</time>
                  </li>
                ))}
              </ol>
            </div>
          ) : null}
        </div>
        <label className="block text-sm font-medium">
          Input template
          <textarea className={`${inputStyles} mt-1`} required rows={2} value={inputTemplate} onChange={(event) => setInputTemplate(event.target.value)} />
          <span className="mt-1 block text-xs font-normal text-zinc-600 dark:text-zinc-300">
            {'{{slot}}'} (ISO time), {'{{slotLocal}}'} (in the time zone) and {'{{scheduleName}}'} are replaced when the slot fires.
          </span>
        </label>
        <div className="grid gap-4 md:grid-cols-2">
          <div className="text-sm font-medium">
            {/* Tied by id, not wrapped: a wrapping label's text would include every option's. */}
            <label htmlFor={overlapSelectId}>When the previous run is still active</label>
            <select id={overlapSelectId} className={`${inputStyles} mt-1`} value={overlapPolicy} onChange={(event) => setOverlapPolicy(event.target.value as OverlapPolicy)}>
              {Object.entries(overlapLabels).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          <div className="text-sm font-medium">
            {/* Tied by id, not wrapped: a wrapping label's text would include every option's. */}
            <label htmlFor={catchUpSelectId}>After downtime</label>
            <select id={catchUpSelectId} className={`${inputStyles} mt-1`} value={catchUpPolicy} onChange={(event) => setCatchUpPolicy(event.target.value as CatchUpPolicy)}>
              {Object.entries(catchUpLabels).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
        </div>
        {mutation.error ? <ErrorNotice title={schedule ? 'The schedule was not saved' : 'The schedule was not created'} message={mutation.error.message} /> : null}
        <div className="flex gap-3">
          <button type="submit" className={buttonStyles.primary} disabled={mutation.isPending}>
            {mutation.isPending ? 'Saving…' : schedule ? 'Save schedule' : 'Create schedule'}
          </button>
          {onDone && schedule ? (
            <button type="button" className={buttonStyles.secondary} onClick={onDone}>
              Discard changes
            </button>
          ) : null}
        </div>
      </form>
    </section>
  );
}

/** A fire time on the schedule's own wall clock (the zone may be mistyped while editing: then UTC). */
export function formatInZone(iso: string, timeZone: string): string {
  // dateStyle/timeStyle cannot be combined with timeZoneName: spell the fields out.
  const options: Intl.DateTimeFormatOptions = { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' };
  try {
    return new Intl.DateTimeFormat('en-GB', { ...options, timeZone }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' }).format(new Date(iso));
  }
}
