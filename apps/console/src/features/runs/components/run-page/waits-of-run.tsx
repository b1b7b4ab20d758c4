'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { buttonStyles, cardStyles } from '~/components/button-styles';
import { LocalTime } from '~/components/local-time';
import { useTRPC } from '~/trpc/react';

interface PendingWait {
  id: string;
  callId: string;
  kind: 'timer' | 'event';
  correlationKey: string | null;
  wakeAt: string | null;
}

/** What a waiting run waits for (a timer's end, or an event and its timeout), and, for operators, a way to deliver the event. */
export function WaitsOfRun({ runId, canDeliver }: { runId: string; canDeliver: boolean }) {
  const trpc = useTRPC();
  const waits = useQuery(trpc.runWaits.list.queryOptions({ runId }));
  const pending = (waits.data ?? []).filter((wait) => wait.status === 'pending');
  if (pending.length === 0) return null;
  return (
    <section aria-label="Waiting" className={`${cardStyles} border-violet-300 p-4 dark:border-violet-700`}>
      <h2 className="text-sm font-semibold text-violet-800 dark:text-violet-300">Waiting</h2>
      <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">The run holds no worker while it waits; it resumes by itself, across restarts.</p>
      <ul className="mt-3 space-y-4">
        {pending.map((wait) => (
          <li key={wait.id} className="space-y-2 text-sm" data-wait-kind={wait.kind}>
            <WaitDescription wait={wait} />
            {wait.kind === 'event' && wait.correlationKey && canDeliver ? <DeliverEventForm runId={runId} correlationKey={wait.correlationKey} /> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function WaitDescription({ wait }: { wait: PendingWait }) {
  if (wait.kind === 'timer')
    return (
      <p>
        Sleeping until {wait.wakeAt ? <LocalTime iso={wait.wakeAt} /> : 'unknown'} (call {wait.callId}).
      </p>
    );
  return (
    <p>
      Waiting for the event <code className="rounded bg-zinc-100 px-1 font-mono dark:bg-zinc-800">{wait.correlationKey}</code>
      {wait.wakeAt ? (
        <>
          {' '}
          until <LocalTime iso={wait.wakeAt} />, then it times out
        </>
      ) : (
        ' without a time limit'
      )}
      . Other systems deliver it with <code className="font-mono">POST /api/v1/events</code>.
    </p>
  );
}

function DeliverEventForm({ runId, correlationKey }: { runId: string; correlationKey: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const fieldId = useId();
  const [payload, setPayload] = useState('{}');
  const [problem, setProblem] = useState<string | null>(null);
  const deliver = useMutation(
    trpc.runWaits.deliver.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.runWaits.list.queryKey({ runId }) }),
      onError: (error) => setProblem(error.message),
    }),
  );
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setProblem(null);
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      setProblem('The payload must be JSON.');
      return;
    }
    deliver.mutate({ correlationKey, payload: parsed as never });
  };
  return (
    <form onSubmit={submit} className="space-y-2">
      <label htmlFor={fieldId} className="block text-xs font-medium text-zinc-700 dark:text-zinc-300">
        Event payload (JSON)
      </label>
      <textarea
        id={fieldId}
        value={payload}
        onChange={(event) => setPayload(event.target.value)}
        rows={3}
        className="w-full rounded-md border border-zinc-300 bg-white p-2 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-950"
      />
      <div className="flex items-center gap-3">
        <button type="submit" className={buttonStyles.secondary} disabled={deliver.isPending}>
          Deliver event
        </button>
        {problem ? (
          <p role="alert" className="text-xs text-red-700 dark:text-red-400">
            {problem}
          </p>
        ) : null}
      </div>
    </form>
  );
}
