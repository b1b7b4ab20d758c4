'use client';

import type { ThreadView } from '@agentloom/platform';
import { useQuery } from '@tanstack/react-query';
import { inputStyles } from '~/components/button-styles';
import { threadChoicesInput, type RunsFilters } from '~/features/runs/runs-filters';
import { threadTitle } from '~/features/threads/thread-title';
import { useTRPC } from '~/trpc/react';

/**
 * The thread filter: the recent threads of the chosen agent (or of all agents). A thread from a
 * shared link that is not among them is fetched on its own, so the select can still name it.
 */
export function ThreadFilter({ filters, onChange }: { filters: RunsFilters; onChange: (next: Partial<RunsFilters>) => void }) {
  const trpc = useTRPC();
  const choices = useQuery(trpc.threads.list.queryOptions(threadChoicesInput(filters)));
  const threads = choices.data?.threads ?? [];
  const selectedListed = filters.threadId === undefined || threads.some((thread) => thread.id === filters.threadId);
  const selected = useQuery({ ...trpc.threads.get.queryOptions({ threadId: filters.threadId ?? '' }), enabled: !selectedListed && choices.isSuccess });
  const options: ThreadView[] = selectedListed || !selected.data ? threads : [selected.data, ...threads];
  return (
    <label className="w-44 shrink-0 text-xs font-medium text-zinc-600 dark:text-zinc-400">
      Thread
      <select
        aria-label="Thread"
        value={filters.threadId ?? ''}
        onChange={(event) => onChange({ threadId: event.target.value || undefined })}
        className={`${inputStyles} mt-1`}
      >
        <option value="">All threads</option>
        {filters.threadId && !options.some((thread) => thread.id === filters.threadId) ? <option value={filters.threadId}>Selected thread</option> : null}
        {options.map((thread) => (
          <option key={thread.id} value={thread.id}>
            {threadTitle(thread)}
          </option>
        ))}
      </select>
    </label>
  );
}
