import type { Metadata } from 'next';
import { EmptyState } from '~/components/empty-state';
import { RunsIcon } from '~/components/icons';
import { PageHeader } from '~/components/page-header';

export const metadata: Metadata = { title: 'Runs' };

export default function RunsPage() {
  return (
    <>
      <PageHeader title="Runs" description="Every agent run in this tenant, live: status, steps, tool calls and cost." />
      <EmptyState icon={<RunsIcon />} title="No runs to show yet" arrivesWith="Durable runs and the executor">
        Runs are created through the API and executed by the in-process executor, with every step
        checkpointed. This list and the run timeline arrive with that feature.
      </EmptyState>
    </>
  );
}
