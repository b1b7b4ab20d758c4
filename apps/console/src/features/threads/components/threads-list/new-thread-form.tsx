'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Route } from 'next';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { buttonStyles, cardStyles, inputStyles } from '~/components/button-styles';
import { ErrorNotice } from '~/components/error-notice';
import { useTRPC } from '~/trpc/react';

const labelStyles = 'block text-xs font-medium text-zinc-600 dark:text-zinc-400';

/** Creates a thread for an agent (optionally for one end user) and opens it to start the first run. */
export function NewThreadForm({ defaultAgentId, onCancel }: { defaultAgentId: string | undefined; onCancel: () => void }) {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const agents = useQuery(trpc.agents.list.queryOptions({ includeArchived: false }));
  const [agentId, setAgentId] = useState(defaultAgentId ?? '');
  const [title, setTitle] = useState('');
  const [endUserId, setEndUserId] = useState('');
  const create = useMutation(
    trpc.threads.create.mutationOptions({
      onSuccess: async (thread) => {
        await queryClient.invalidateQueries({ queryKey: trpc.threads.list.pathKey() });
        router.push(`/threads/${thread.id}` as Route);
      },
    }),
  );
  const selectedAgentId = agentId || agents.data?.find((agent) => agent.latestVersion !== null)?.id || '';

  function submit(event: FormEvent) {
    event.preventDefault();
    create.mutate({ agentId: selectedAgentId, title: title.trim(), ...(endUserId.trim() ? { endUserId: endUserId.trim() } : {}) });
  }

  return (
    <form onSubmit={submit} aria-label="New thread" className={`${cardStyles} grid gap-4 p-4 sm:grid-cols-[14rem_minmax(0,1fr)_12rem_auto] sm:items-end`}>
      <label className={labelStyles}>
        Agent
        <select value={selectedAgentId} onChange={(event) => setAgentId(event.target.value)} required className={`${inputStyles} mt-1`}>
          {(agents.data ?? []).map((agent) => (
            <option key={agent.id} value={agent.id} disabled={agent.latestVersion === null}>
              {agent.name}
            </option>
          ))}
        </select>
      </label>
      <label className={labelStyles}>
        Title
        <input
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          maxLength={200}
          placeholder="e.g. Q3 planning"
          className={`${inputStyles} mt-1`}
        />
      </label>
      <label className={labelStyles}>
        End user id <span className="font-normal">(optional)</span>
        <input value={endUserId} onChange={(event) => setEndUserId(event.target.value)} maxLength={200} className={`${inputStyles} mt-1 font-mono`} />
      </label>
      <span className="flex gap-2">
        <button type="submit" className={buttonStyles.primary} disabled={create.isPending || create.isSuccess || selectedAgentId === ''}>
          {create.isPending || create.isSuccess ? 'Creating…' : 'Create thread'}
        </button>
        <button type="button" className={buttonStyles.secondary} onClick={onCancel}>
          Cancel
        </button>
      </span>
      {create.error ? (
        <div className="sm:col-span-4">
          <ErrorNotice title="The thread was not created" message={create.error.message} />
        </div>
      ) : null}
    </form>
  );
}
