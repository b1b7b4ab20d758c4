'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import type { Route } from 'next';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { buttonStyles, cardStyles } from '~/components/button-styles';
import { CallToAction } from '~/components/call-to-action';
import { ErrorNotice } from '~/components/error-notice';
import { ApprovalsIcon } from '~/components/icons';
import { PageHeader } from '~/components/page-header';
import { SkeletonRows } from '~/components/skeleton';
import { TabList } from '~/components/tab-list';
import { useNow } from '~/components/use-now';
import { ApprovalCard } from '~/features/approvals/components/approval-card';
import { approvalsInput, type ApprovalsView } from '~/features/approvals/approvals-view';
import { useCanOperate } from '~/features/session/principal-context';
import { useTRPC } from '~/trpc/react';

const approvalViews = [
  { id: 'pending', label: 'Pending' },
  { id: 'decided', label: 'Decided' },
] as const;

/** Pending approvals across runs, newest first, live; and what was decided, by whom and why. */
export function ApprovalsInbox() {
  const trpc = useTRPC();
  const canDecide = useCanOperate();
  const parameters = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const view: ApprovalsView = parameters.get('view') === 'decided' ? 'decided' : 'pending';
  const now = useNow(15_000);
  const approvals = useInfiniteQuery(trpc.approvals.list.infiniteQueryOptions(approvalsInput(view), { getNextPageParam: (page) => page.nextCursor }));
  // The API filters by one status; "decided" is everything that is no longer pending.
  const rows = (approvals.data?.pages.flatMap((page) => page.approvals) ?? []).filter((approval) => (view === 'pending') === (approval.status === 'pending'));

  return (
    <>
      <PageHeader title="Approvals" description="Tool calls waiting for a person to approve, reject or edit them. Runs resume as soon as they are decided." />
      <TabList
        label="Approvals"
        idPrefix="approvals-tab"
        panelId="approvals-panel"
        className="mt-6"
        tabs={approvalViews}
        selected={view}
        onSelect={(candidate) => router.replace((candidate === 'pending' ? pathname : `${pathname}?view=decided`) as Route, { scroll: false })}
      />
      <div id="approvals-panel" role="tabpanel" aria-labelledby={`approvals-tab-${view}`} className="mt-4 space-y-4">
        {approvals.error ? (
          <ErrorNotice title="The approvals could not be loaded" message={approvals.error.message} />
        ) : approvals.isPending ? (
          <div className={cardStyles}>
            <SkeletonRows label="Loading approvals" />
          </div>
        ) : rows.length === 0 ? (
          <CallToAction icon={<ApprovalsIcon />} title={view === 'pending' ? 'Nothing is waiting for approval' : 'No decisions yet'}>
            {view === 'pending'
              ? 'When a tool needs approval its run pauses and the request appears here, live. Try the Demo operator agent: it asks before sending a notification.'
              : 'Approved, rejected and expired requests are listed here with who decided and why.'}
          </CallToAction>
        ) : (
          rows.map((approval) => <ApprovalCard key={approval.id} approval={approval} now={now} canDecide={canDecide} />)
        )}
        {approvals.hasNextPage ? (
          <div className="flex justify-center">
            <button type="button" className={buttonStyles.secondary} disabled={approvals.isFetchingNextPage} onClick={() => void approvals.fetchNextPage()}>
              {approvals.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </button>
          </div>
        ) : null}
      </div>
    </>
  );
}
