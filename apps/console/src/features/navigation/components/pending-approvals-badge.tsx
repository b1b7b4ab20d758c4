'use client';

import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '~/trpc/react';

/** The number of approvals waiting, next to "Approvals"; kept live by the tenant activity stream. */
export function PendingApprovalsBadge() {
  const trpc = useTRPC();
  const pending = useQuery(trpc.approvals.pendingCount.queryOptions());
  const count = pending.data ?? 0;
  if (count === 0) return null;
  return (
    <span
      aria-label={`${count} pending`}
      data-testid="pending-approvals-badge"
      className="ml-auto inline-flex min-w-5 items-center justify-center rounded-full bg-amber-500 px-1.5 text-xs font-semibold text-white tabular-nums"
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}
