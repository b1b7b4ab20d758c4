'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { carriedMemoryIds, memoryHitsOf, type MessageMemoryHit } from '~/features/memory/memory-hit-scores';
import { useTRPC } from '~/trpc/react';

/** The most ids one lookup asks for (the procedure's limit); beyond it chips show without a score. */
const lookupLimit = 500;

/**
 * Memory hits for the loaded messages of a run: the ids come with the messages, the scores from
 * one lookup of the run's injection records for those ids (refreshed as pages load).
 */
export function useRunMemoryHits(runId: string, messages: readonly { stepId: string | null; memoryItemIds: readonly string[] }[]) {
  const trpc = useTRPC();
  const memoryItemIds = useMemo(() => carriedMemoryIds(messages).slice(0, lookupLimit), [messages]);
  const recorded = useQuery(
    trpc.memory.runHits.queryOptions({ runId, memoryItemIds }, { enabled: memoryItemIds.length > 0, placeholderData: keepPreviousData }),
  );
  const data = recorded.data;
  return useCallback((message: { stepId: string | null; memoryItemIds: readonly string[] }): MessageMemoryHit[] => memoryHitsOf(message, data ?? []), [data]);
}
