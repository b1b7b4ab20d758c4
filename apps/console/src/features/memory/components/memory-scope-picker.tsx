'use client';

import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { inputStyles } from '~/components/button-styles';
import { AgentSelect } from '~/features/agents/components/agent-select';
import type { MemoryLevel } from '~/features/memory/memory-filters';
import { threadTitle } from '~/features/threads/thread-title';
import { useTRPC } from '~/trpc/react';

const labelStyles = 'text-xs font-medium text-zinc-600 dark:text-zinc-400';

/** The id at the chosen level: a thread or agent from a list, an end-user id typed in. */
export function MemoryScopePicker({
  level,
  scopeId,
  onChange,
}: {
  level: MemoryLevel | undefined;
  scopeId: string | undefined;
  onChange: (scopeId: string | undefined) => void;
}) {
  if (level === 'thread') return <ThreadPicker scopeId={scopeId} onChange={onChange} />;
  if (level === 'agent') return <AgentPicker scopeId={scopeId} onChange={onChange} />;
  if (level === 'user') return <EndUserInput key={scopeId ?? ''} scopeId={scopeId} onChange={onChange} />;
  return null;
}

function ThreadPicker({ scopeId, onChange }: { scopeId: string | undefined; onChange: (scopeId: string | undefined) => void }) {
  const trpc = useTRPC();
  const threads = useQuery(trpc.threads.list.queryOptions({ includeArchived: true, limit: 200 }));
  return (
    <label className={labelStyles}>
      Thread
      <select value={scopeId ?? ''} onChange={(event) => onChange(event.target.value || undefined)} className={`${inputStyles} mt-1 w-56`}>
        <option value="">Every thread</option>
        {(threads.data?.threads ?? []).map((thread) => (
          <option key={thread.id} value={thread.id}>
            {threadTitle(thread)}
          </option>
        ))}
      </select>
    </label>
  );
}

function AgentPicker({ scopeId, onChange }: { scopeId: string | undefined; onChange: (scopeId: string | undefined) => void }) {
  return (
    <label className={labelStyles}>
      Agent
      <AgentSelect value={scopeId} onChange={onChange} emptyLabel="Every agent" className="mt-1 w-56" />
    </label>
  );
}

function EndUserInput({ scopeId, onChange }: { scopeId: string | undefined; onChange: (scopeId: string | undefined) => void }) {
  const [value, setValue] = useState(scopeId ?? '');
  const commit = () => onChange(value.trim() || undefined);
  return (
    <label className={labelStyles}>
      End user id
      <input
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
        placeholder="Every end user"
        className={`${inputStyles} mt-1 w-56 font-mono`}
      />
    </label>
  );
}
