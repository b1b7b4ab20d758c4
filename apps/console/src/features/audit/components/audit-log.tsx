'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import { buttonStyles, cardStyles } from '~/components/button-styles';
import { CallToAction } from '~/components/call-to-action';
import { ErrorNotice } from '~/components/error-notice';
import { KeyIcon } from '~/components/icons';
import { SkeletonRows } from '~/components/skeleton';
import { handleArrowNavigation } from '~/components/use-arrow-navigation';
import { auditListInput } from '~/features/audit/audit-filters';
import { AuditEntryRow } from '~/features/audit/components/audit-entry-row';
import { AuditFilterBar } from '~/features/audit/components/audit-filter-bar';
import { useAuditFilters } from '~/features/audit/components/use-audit-filters';
import { useTRPC } from '~/trpc/react';

/** The append-only audit log, newest first, filtered through the URL, paged by cursor. */
export function AuditLog() {
  const trpc = useTRPC();
  const [filters, setFilters] = useAuditFilters();
  const entries = useInfiniteQuery(trpc.audit.list.infiniteQueryOptions(auditListInput(filters), { getNextPageParam: (page) => page.nextCursor }));
  const rows = entries.data?.pages.flatMap((page) => page.entries) ?? [];
  const filtered = Object.values(filters).some((value) => value !== undefined);
  return (
    <div className="space-y-4">
      <AuditFilterBar filters={filters} onChange={setFilters} />
      {entries.error ? (
        <ErrorNotice title="The audit log could not be loaded" message={entries.error.message} />
      ) : entries.isPending ? (
        <div className={cardStyles}>
          <SkeletonRows label="Loading the audit log" rows={8} />
        </div>
      ) : rows.length === 0 ? (
        <CallToAction icon={<KeyIcon />} title={filtered ? 'No entries match these filters' : 'The audit log is empty'}>
          {filtered ? 'Widen the day range or clear a filter.' : 'Changes appear here as they happen: keys, agents, runs, approvals, memory and erasure.'}
        </CallToAction>
      ) : (
        <section aria-label="Audit entries" className={`${cardStyles} overflow-x-auto`}>
          <div
            className="grid min-w-[48rem] grid-cols-[1rem_11rem_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.4fr)] gap-3 border-b border-zinc-200 bg-zinc-50 px-4 py-2 text-xs font-medium text-zinc-500 dark:text-zinc-400 dark:border-zinc-800 dark:bg-zinc-900/80"
            aria-hidden="true"
          >
            <span />
            <span>When</span>
            <span>Action</span>
            <span>Actor</span>
            <span>Target</span>
          </div>
          <ul className="min-w-[48rem] divide-y divide-zinc-100 dark:divide-zinc-800" onKeyDown={handleArrowNavigation}>
            {rows.map((entry) => (
              <AuditEntryRow key={entry.id} entry={entry} />
            ))}
          </ul>
        </section>
      )}
      {entries.hasNextPage ? (
        <div className="flex justify-center">
          <button type="button" className={buttonStyles.secondary} disabled={entries.isFetchingNextPage} onClick={() => void entries.fetchNextPage()}>
            {entries.isFetchingNextPage ? 'Loading…' : 'Load older entries'}
          </button>
        </div>
      ) : null}
    </div>
  );
}
