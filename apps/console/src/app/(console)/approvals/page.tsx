import type { Metadata } from 'next';
import { EmptyState } from '~/components/empty-state';
import { ApprovalsIcon } from '~/components/icons';
import { PageHeader } from '~/components/page-header';

export const metadata: Metadata = { title: 'Approvals' };

export default function ApprovalsPage() {
  return (
    <>
      <PageHeader title="Approvals" description="Tool calls waiting for a person to approve, reject or edit them." />
      <EmptyState icon={<ApprovalsIcon />} title="Nothing is waiting for approval" arrivesWith="Human approvals">
        When a tool needs approval its run pauses and the request lands in this inbox; operators
        decide, and the run resumes from its checkpoint.
      </EmptyState>
    </>
  );
}
