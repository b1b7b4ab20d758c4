'use client';

import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '~/trpc/react';

/**
 * True for admin keys: erasure is admin-only. Pages that show erase actions prefetch `session.me`
 * so the buttons render with the page; the server checks the role again either way.
 */
export function useIsAdmin(): boolean {
  const trpc = useTRPC();
  const me = useQuery(trpc.session.me.queryOptions());
  return me.data?.role === 'admin';
}
