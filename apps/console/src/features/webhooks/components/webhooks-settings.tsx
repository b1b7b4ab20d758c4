'use client';

import { useQuery } from '@tanstack/react-query';
import { cardStyles } from '~/components/button-styles';
import { CallToAction } from '~/components/call-to-action';
import { ErrorNotice } from '~/components/error-notice';
import { SettingsIcon } from '~/components/icons';
import { PageHeader } from '~/components/page-header';
import { SkeletonRows } from '~/components/skeleton';
import { useIsAdmin } from '~/features/session/principal-context';
import { CreateWebhookForm } from '~/features/webhooks/components/create-webhook-form';
import { WebhookEndpointCard } from '~/features/webhooks/components/webhook-endpoint-card';
import { useTRPC } from '~/trpc/react';

const description =
  'HTTP endpoints told when runs end and approvals are requested or decided. Requests are signed (AgentLoom-Signature) and retried with backoff.';

/** Settings › Webhooks: add, list and delete endpoints; each shows its deliveries with response codes. */
export function WebhooksSettings() {
  const isAdmin = useIsAdmin();
  if (!isAdmin) {
    return (
      <>
        <PageHeader title="Webhooks" description={description} />
        <div className="mt-6">
          <CallToAction icon={<SettingsIcon />} title="Webhooks need the admin role">
            Sign in with an admin API key to add endpoints and see their deliveries.
          </CallToAction>
        </div>
      </>
    );
  }
  return <AdminWebhooks />;
}

function AdminWebhooks() {
  const trpc = useTRPC();
  const webhooks = useQuery(trpc.webhooks.list.queryOptions());
  const endpoints = webhooks.data?.webhooks ?? [];
  return (
    <>
      <PageHeader title="Webhooks" description={description} />
      <div className="mt-6 space-y-6">
        <CreateWebhookForm />
        {webhooks.error ? (
          <ErrorNotice title="The webhooks could not be loaded" message={webhooks.error.message} />
        ) : webhooks.isPending ? (
          <div className={cardStyles}>
            <SkeletonRows label="Loading webhooks" />
          </div>
        ) : endpoints.length === 0 ? (
          <CallToAction icon={<SettingsIcon />} title="No webhook endpoints yet">
            Add an endpoint above; it receives a signed POST for each subscribed event.
          </CallToAction>
        ) : (
          endpoints.map((endpoint) => <WebhookEndpointCard key={endpoint.id} endpoint={endpoint} />)
        )}
      </div>
    </>
  );
}
