import type { Metadata } from 'next';
import { EmptyState } from '~/components/empty-state';
import { AgentsIcon } from '~/components/icons';
import { PageHeader } from '~/components/page-header';

export const metadata: Metadata = { title: 'Agents' };

export default function AgentsPage() {
  return (
    <>
      <PageHeader title="Agents" description="Agent configurations: model, tools, strategy and limits, with immutable versions." />
      <EmptyState icon={<AgentsIcon />} title="The agent catalogue is not here yet" arrivesWith="Agents and versions">
        Each agent keeps every configuration it ever had as an immutable version, so a run always
        shows exactly what it ran with and versions can be compared side by side.
      </EmptyState>
    </>
  );
}
