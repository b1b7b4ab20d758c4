'use client';

import type { Route } from 'next';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback } from 'react';

export const agentTabs = [
  { id: 'configuration', label: 'Configuration' },
  { id: 'versions', label: 'Versions and diff' },
  { id: 'feedback', label: 'Feedback' },
] as const;

export type AgentTab = (typeof agentTabs)[number]['id'];

export interface AgentPageState {
  tab: AgentTab;
  /** The two versions compared (left → right); null until chosen, then the page defaults them. */
  from: number | null;
  to: number | null;
}

function positiveInteger(value: string | null): number | null {
  const parsed = Number(value);
  return value !== null && Number.isInteger(parsed) && parsed > 0 ? parsed : null;
}

function readState(parameters: { get(name: string): string | null }): AgentPageState {
  return {
    tab: agentTabs.find((candidate) => candidate.id === parameters.get('tab'))?.id ?? 'configuration',
    from: positiveInteger(parameters.get('from')),
    to: positiveInteger(parameters.get('to')),
  };
}

/** Tab and compared versions live in the URL, so a diff link opens the same diff. */
export function useAgentPageState(): [AgentPageState, (next: Partial<AgentPageState>) => void] {
  const parameters = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const state = readState(parameters);
  const navigate = useCallback(
    (next: Partial<AgentPageState>) => {
      const merged = { ...readState(parameters), ...next };
      const query = new URLSearchParams({ tab: merged.tab });
      if (merged.from !== null) query.set('from', String(merged.from));
      if (merged.to !== null) query.set('to', String(merged.to));
      router.replace(`${pathname}?${query.toString()}` as Route, { scroll: false });
    },
    [parameters, pathname, router],
  );
  return [state, navigate];
}
