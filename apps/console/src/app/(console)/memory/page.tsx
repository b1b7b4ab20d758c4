import type { Metadata } from 'next';
import { EmptyState } from '~/components/empty-state';
import { MemoryIcon } from '~/components/icons';
import { PageHeader } from '~/components/page-header';

export const metadata: Metadata = { title: 'Memory' };

export default function MemoryPage() {
  return (
    <>
      <PageHeader title="Memory" description="Facts, documents, procedures and run summaries agents remember, and where they were used." />
      <EmptyState icon={<MemoryIcon />} title="The memory inspector is not here yet" arrivesWith="Episodic and semantic memory (L2–L3)">
        Memory items with hybrid vector and full-text search, pinning, forgetting and every injection
        into a prompt will be inspectable here.
      </EmptyState>
    </>
  );
}
