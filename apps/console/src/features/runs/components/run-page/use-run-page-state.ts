'use client';

import type { Route } from 'next';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback } from 'react';

export const runTabs = [
  { id: 'timeline', label: 'Timeline' },
  { id: 'tool-calls', label: 'Tool calls' },
  { id: 'messages', label: 'Messages' },
  { id: 'checkpoints', label: 'Checkpoints' },
  { id: 'events', label: 'Events' },
] as const;

export type RunTab = (typeof runTabs)[number]['id'];

/** The selected tab, tool call and checkpoint live in the URL, so a link opens the same view. */
export function useRunPageState() {
  const parameters = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const tab = runTabs.find((candidate) => candidate.id === parameters.get('tab'))?.id ?? 'timeline';
  const toolCallId = parameters.get('toolCall');
  const checkpointSeq = parameters.get('checkpoint');
  const navigate = useCallback(
    (next: { tab: RunTab; toolCall?: string; checkpoint?: number }) => {
      const query = new URLSearchParams({ tab: next.tab });
      if (next.toolCall) query.set('toolCall', next.toolCall);
      if (next.checkpoint !== undefined) query.set('checkpoint', String(next.checkpoint));
      router.replace(`${pathname}?${query.toString()}` as Route, { scroll: false });
    },
    [pathname, router],
  );
  return { tab, toolCallId, checkpointSeq: checkpointSeq === null ? null : Number(checkpointSeq), navigate };
}
