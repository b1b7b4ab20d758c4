'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { WarningIcon } from '~/components/icons';
import { hasHealthDetails } from '~/features/health/health-view';
import { useTRPC } from '~/trpc/react';

/**
 * Shown on every console page while pgvector is missing, with the platform's instructions. Only
 * admins get the report's details (ADR 0007), and only they can act on the fix, so only they see it.
 */
export function VectorSearchBanner() {
  const trpc = useTRPC();
  const { data: report } = useQuery(trpc.health.report.queryOptions());
  if (!report || !hasHealthDetails(report) || report.vectorSearch.available) return null;
  return (
    <div
      role="status"
      className="flex items-start gap-3 border-b border-amber-200 bg-amber-50 px-6 py-3 text-sm text-amber-900 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-200"
    >
      <WarningIcon className="mt-0.5 size-5 shrink-0" />
      <p>
        <span className="font-semibold">Vector search is unavailable.</span>{' '}
        {report.vectorSearch.fix}{' '}
        <Link href="/settings/health" className="font-medium underline underline-offset-2">
          See Health
        </Link>
      </p>
    </div>
  );
}
