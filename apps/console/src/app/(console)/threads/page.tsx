import type { Metadata } from 'next';
import { EmptyState } from '~/components/empty-state';
import { ThreadsIcon } from '~/components/icons';
import { PageHeader } from '~/components/page-header';

export const metadata: Metadata = { title: 'Threads' };

export default function ThreadsPage() {
  return (
    <>
      <PageHeader title="Threads" description="Conversations that span several runs, each new run seeded with earlier turns." />
      <EmptyState icon={<ThreadsIcon />} title="No threads to show yet" arrivesWith="Thread memory (L1)">
        A thread groups runs so that each new run starts with a token-budgeted window of the earlier
        turns. Threads appear here once thread memory lands.
      </EmptyState>
    </>
  );
}
