'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { buttonStyles, cardStyles, inputStyles } from '~/components/button-styles';
import { ErrorNotice } from '~/components/error-notice';
import { useIsAdmin } from '~/features/session/principal-context';
import { useTRPC } from '~/trpc/react';

/**
 * The concurrency limit of the tenant (no `agentId`) or one agent: how many of its runs run now
 * against the limit, and for admins a form to set or remove it (audit-logged). Every executor's
 * claim holds it from its next claim on (ADR 0049, 0056).
 */
export function ConcurrencyLimitPanel({ agentId }: { agentId?: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const isAdmin = useIsAdmin();
  const formId = useId();
  const limits = useQuery(trpc.concurrencyLimits.get.queryOptions());
  const current = agentId === undefined ? limits.data?.tenant : (limits.data?.agents.find((agent) => agent.agentId === agentId) ?? { maxRunningRuns: null, running: null });
  const [draft, setDraft] = useState<string | null>(null);
  const set = useMutation(
    trpc.concurrencyLimits.set.mutationOptions({
      onSuccess: (next) => {
        queryClient.setQueryData(trpc.concurrencyLimits.get.queryKey(), next);
        setDraft(null);
      },
    }),
  );
  const scope = agentId === undefined ? 'the tenant' : 'this agent';
  const value = draft ?? (current?.maxRunningRuns === null || current === undefined ? '' : String(current.maxRunningRuns));

  function submit(event: FormEvent) {
    event.preventDefault();
    set.mutate({ ...(agentId === undefined ? {} : { agentId }), maxRunningRuns: value.trim() === '' ? null : Number(value) });
  }

  return (
    <section aria-label="Concurrency limit" className={`${cardStyles} p-5`}>
      <h2 className="text-sm font-semibold">Concurrency limit</h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-300" data-testid="concurrency-limit-summary">
        {limits.error
          ? null
          : current === undefined
            ? 'Loading…'
            : current.maxRunningRuns === null
              ? `No limit: runs of ${scope} start whenever an executor has a free slot.`
              : `At most ${current.maxRunningRuns} runs of ${scope} run at once${current.running === null ? '' : ` (${current.running} running now)`}; the rest wait queued, batch items included.`}
      </p>
      {limits.error ? <ErrorNotice title="The limit could not be loaded" message={limits.error.message} /> : null}
      {isAdmin && current !== undefined ? (
        <form className="mt-3 flex flex-wrap items-end gap-3" onSubmit={submit}>
          <label className="block text-sm font-medium" htmlFor={`${formId}-limit`}>
            Most running at once
            <input
              id={`${formId}-limit`}
              className={`${inputStyles} mt-1 w-40`}
              type="number"
              min={1}
              max={100_000}
              placeholder="No limit"
              value={value}
              onChange={(event) => setDraft(event.target.value)}
            />
          </label>
          <button type="submit" className={buttonStyles.primary} disabled={set.isPending}>
            {set.isPending ? 'Saving…' : 'Save limit'}
          </button>
          {current.maxRunningRuns !== null ? (
            <button type="button" className={buttonStyles.secondary} disabled={set.isPending} onClick={() => set.mutate({ ...(agentId === undefined ? {} : { agentId }), maxRunningRuns: null })}>
              Remove limit
            </button>
          ) : null}
        </form>
      ) : null}
      {set.error ? <ErrorNotice title="The limit was not saved" message={set.error.message} /> : null}
    </section>
  );
}
