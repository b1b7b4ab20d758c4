'use client';

import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTRPC } from '~/trpc/react';

/** Agent id → name (archived agents included, since old runs still point at them). */
export function useAgentNames(): Map<string, string> {
  const trpc = useTRPC();
  const agents = useQuery(trpc.agents.list.queryOptions({ includeArchived: true }));
  return useMemo(() => new Map((agents.data ?? []).map((agent) => [agent.id, agent.name])), [agents.data]);
}
