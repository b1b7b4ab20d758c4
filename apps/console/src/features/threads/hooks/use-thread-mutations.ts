'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '~/trpc/react';

/** Rename and archive, refreshing every thread query (lists and the thread page) afterwards. */
export function useThreadMutations() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.threads.pathKey() });
  const rename = useMutation(trpc.threads.rename.mutationOptions({ onSuccess: refresh }));
  const archive = useMutation(trpc.threads.archive.mutationOptions({ onSuccess: refresh }));
  return { rename, archive };
}
