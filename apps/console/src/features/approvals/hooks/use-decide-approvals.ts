'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '~/trpc/react';

/**
 * The inbox's decisions: one (`decide`) and several at once (`decideMany`, one outcome per
 * approval). Both go through the service's single guarded decide path; afterwards every view a
 * decision touches (approvals, runs, the ledger) is refetched.
 */
export function useDecideApprovals() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => Promise.all([trpc.approvals, trpc.runs, trpc.toolCalls].map((router) => queryClient.invalidateQueries({ queryKey: router.pathKey() })));
  const decide = useMutation(trpc.approvals.decide.mutationOptions({ onSettled: refresh }));
  const decideMany = useMutation(trpc.approvals.decideMany.mutationOptions({ onSettled: refresh }));
  return { decide, decideMany };
}
