'use client';

import { useQuery } from '@tanstack/react-query';
import { inputStyles } from '~/components/button-styles';
import { useTRPC } from '~/trpc/react';

interface AgentSelectProps {
  value: string | undefined;
  onChange: (agentId: string | undefined) => void;
  /** The empty choice's text, e.g. "All agents". */
  emptyLabel: string;
  /** Width and spacing where the select sits. */
  className?: string;
  /** When the visible label is not the select's own label element. */
  ariaLabel?: string;
}

/** A filter over the tenant's agents, archived ones included (their runs and memory still exist). */
export function AgentSelect({ value, onChange, emptyLabel, className = '', ariaLabel }: AgentSelectProps) {
  const trpc = useTRPC();
  const agents = useQuery(trpc.agents.list.queryOptions({ includeArchived: true }));
  return (
    <select
      {...(ariaLabel ? { 'aria-label': ariaLabel } : {})}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value || undefined)}
      className={`${inputStyles} ${className}`}
    >
      <option value="">{emptyLabel}</option>
      {(agents.data ?? []).map((agent) => (
        <option key={agent.id} value={agent.id}>
          {agent.name}
        </option>
      ))}
    </select>
  );
}
