import type { Metadata } from 'next';
import { PageHeader } from '~/components/page-header';
import { CreateAgentForm } from '~/features/agents/components/create-agent/create-agent-form';

export const metadata: Metadata = { title: 'New agent' };

export default function NewAgentPage() {
  return (
    <>
      <PageHeader title="New agent" description="Start with instructions and a mode; the model, tools, approvals and limits are edited on the agent's page." />
      <div className="mt-6">
        <CreateAgentForm />
      </div>
    </>
  );
}
