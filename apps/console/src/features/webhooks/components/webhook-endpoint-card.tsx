'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { buttonStyles, cardStyles } from '~/components/button-styles';
import { ErrorNotice } from '~/components/error-notice';
import { LocalTime } from '~/components/local-time';
import { WebhookDeliveries } from '~/features/webhooks/components/webhook-deliveries';
import { useTRPC } from '~/trpc/react';

interface Endpoint {
  id: string;
  url: string;
  description: string;
  eventTypes: string[];
  createdAt: string;
}

/** One endpoint: what it subscribes to, delete (confirmed), and its deliveries on demand. */
export function WebhookEndpointCard({ endpoint }: { endpoint: Endpoint }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [showDeliveries, setShowDeliveries] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation(
    trpc.webhooks.delete.mutationOptions({ onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.webhooks.list.queryKey() }) }),
  );
  return (
    <article aria-label={`Webhook ${endpoint.url}`} className={`${cardStyles} p-5`}>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="font-mono text-sm break-all">{endpoint.url}</p>
          {endpoint.description ? <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{endpoint.description}</p> : null}
          <p className="mt-2 flex flex-wrap gap-1.5">
            {endpoint.eventTypes.map((type) => (
              <span key={type} className="rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-xs dark:bg-zinc-800">
                {type}
              </span>
            ))}
          </p>
          <p className="mt-2 text-xs text-zinc-500 dark:text-zinc-400">Added <LocalTime iso={endpoint.createdAt} /></p>
        </div>
        <div className="flex gap-2">
          <button type="button" className={buttonStyles.secondary} onClick={() => setShowDeliveries((shown) => !shown)}>
            {showDeliveries ? 'Hide deliveries' : 'Deliveries'}
          </button>
          {confirming ? (
            <button type="button" className={buttonStyles.danger} disabled={remove.isPending} onClick={() => remove.mutate({ webhookId: endpoint.id })}>
              {remove.isPending ? 'Deleting…' : 'Confirm delete'}
            </button>
          ) : (
            <button type="button" className={buttonStyles.danger} onClick={() => setConfirming(true)}>
              Delete
            </button>
          )}
        </div>
      </div>
      {remove.error ? <ErrorNotice title="The endpoint was not deleted" message={remove.error.message} /> : null}
      {showDeliveries ? <WebhookDeliveries webhookId={endpoint.id} /> : null}
    </article>
  );
}
