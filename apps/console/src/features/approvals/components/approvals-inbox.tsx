'use client';

import type { ApprovalView } from '@agentloom/platform';
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
import { BulkDecisionBar } from '~/features/approvals/components/bulk-decision-bar';
import { DecisionOutcomes } from '~/features/approvals/components/decision-outcomes';
import { InboxKeyboardHelp } from '~/features/approvals/components/inbox-keyboard-help';
import { RejectReasonDialog } from '~/features/approvals/components/reject-reason-dialog';
import { approvalsInput, type ApprovalsView } from '~/features/approvals/approvals-view';
import { useInboxDecisions } from '~/features/approvals/hooks/use-inbox-decisions';
import { useCanOperate } from '~/features/session/principal-context';
import { useTRPC } from '~/trpc/react';

const approvalViews = [
  { id: 'pending', label: 'Pending' },
  { id: 'decided', label: 'Decided' },
] as const;

/** Pending approvals across runs, newest first, live, with keyboard and bulk decisions; and what was decided, by whom and why. */
export function ApprovalsInbox() {
  const trpc = useTRPC();
  const canDecide = useCanOperate();
  const parameters = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const view: ApprovalsView = parameters.get('view') === 'decided' ? 'decided' : 'pending';
  // "waiting 42 s" ticks on every card.
  const now = useNow(1_000);
  const approvals = useInfiniteQuery(trpc.approvals.list.infiniteQueryOptions(approvalsInput(view), { getNextPageParam: (page) => page.nextCursor }));
  // The server filters each view (`status: 'pending' | 'decided'`), so every page is the view's own rows.
  const rows: ApprovalView[] = approvals.data?.pages.flatMap((page) => page.approvals) ?? [];
  const deciding = canDecide && view === 'pending';
  const inbox = useInboxDecisions(rows, deciding);

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
      {deciding && rows.length > 0 ? (
        <div className="mt-4 space-y-3">
          <BulkDecisionBar
            total={rows.length}
            selected={inbox.selectedIds.size}
            busy={inbox.busy}
            onSelectAll={inbox.selectAll}
            onApprove={inbox.approveSelected}
            onReject={inbox.rejectSelected}
          />
          <InboxKeyboardHelp />
        </div>
      ) : null}
      {deciding ? <DecisionOutcomes report={inbox.report} /> : null}
      {inbox.error ? <ErrorNotice title="The decision was not recorded" message={inbox.error} /> : null}
      <div
        id="approvals-panel"
        role="tabpanel"
        aria-labelledby={`approvals-tab-${view}`}
        className="mt-4 space-y-4"
        aria-keyshortcuts={deciding ? 'j k x a r Shift+A Shift+R' : undefined}
      >
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
          rows.map((approval) => (
            <ApprovalCard
              key={approval.id}
              approval={approval}
              now={now}
              canDecide={canDecide}
              current={approval.id === inbox.currentId}
              onFocus={() => inbox.setCurrentId(approval.id)}
              {...(deciding
                ? { selected: inbox.selectedIds.has(approval.id), onSelectedChange: (selected: boolean) => inbox.select(approval.id, selected) }
                : {})}
            />
          ))
        )}
        {approvals.hasNextPage ? (
          <div className="flex justify-center">
            <button type="button" className={buttonStyles.secondary} disabled={approvals.isFetchingNextPage} onClick={() => void approvals.fetchNextPage()}>
              {approvals.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </button>
          </div>
        ) : null}
      </div>
      <RejectReasonDialog
        subject={inbox.rejectSubject}
        pending={inbox.busy}
        error={inbox.dialogError}
        onReject={inbox.confirmReject}
        onCancel={inbox.cancelReject}
      />
    </>
  );
}
