'use client';

import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { buttonStyles } from '~/components/button-styles';
import { ErrorNotice } from '~/components/error-notice';
import { LocalTime } from '~/components/local-time';
import { SkeletonRows } from '~/components/skeleton';
import { useTRPC } from '~/trpc/react';

const statusStyles: Record<string, string> = {
  succeeded: 'text-emerald-700 dark:text-emerald-400',
  failed: 'text-red-700 dark:text-red-400',
  pending: 'text-amber-700 dark:text-amber-400',
  delivering: 'text-brand-700 dark:text-brand-400',
};

/** An endpoint's deliveries, newest first, refreshed every few seconds while any is unfinished; redeliver any of them. */
export function WebhookDeliveries({ webhookId }: { webhookId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const deliveries = useInfiniteQuery(
    trpc.webhooks.deliveries.infiniteQueryOptions(
      { webhookId, limit: 20 },
      {
        getNextPageParam: (page) => page.nextCursor ?? undefined,
        // Retries happen in the background; refresh only while something is still in flight.
        refetchInterval: (query) =>
          query.state.data?.pages.some((page) => page.deliveries.some((delivery) => delivery.status === 'pending' || delivery.status === 'delivering'))
            ? 3_000
            : false,
      },
    ),
  );
  const redeliver = useMutation(
    trpc.webhooks.redeliver.mutationOptions({ onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.webhooks.deliveries.pathKey() }) }),
  );
  const rows = deliveries.data?.pages.flatMap((page) => page.deliveries) ?? [];

  if (deliveries.error) return <ErrorNotice title="The deliveries could not be loaded" message={deliveries.error.message} />;
  if (deliveries.isPending) return <SkeletonRows label="Loading deliveries" />;
  if (rows.length === 0) return <p className="mt-4 text-sm text-zinc-500 dark:text-zinc-400">No deliveries yet: they appear when a subscribed event happens.</p>;
  return (
    <div className="mt-4 overflow-x-auto">
      {redeliver.error ? <ErrorNotice title="Redelivery failed" message={redeliver.error.message} /> : null}
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Deliveries</caption>
        <thead className="text-xs text-zinc-500 dark:text-zinc-400">
          <tr>
            <th className="py-1 pr-4 font-medium">Event</th>
            <th className="py-1 pr-4 font-medium">Status</th>
            <th className="py-1 pr-4 font-medium">Attempts</th>
            <th className="py-1 pr-4 font-medium">Response</th>
            <th className="py-1 pr-4 font-medium">Created</th>
            <th className="py-1 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((delivery) => (
            <tr key={delivery.id} className="border-t border-zinc-100 dark:border-zinc-800">
              <td className="py-1.5 pr-4 font-mono text-xs">
                {delivery.eventType}
                {delivery.redeliveryOfId ? <span className="ml-1 text-zinc-500 dark:text-zinc-400">(redelivery)</span> : null}
              </td>
              <td className={`py-1.5 pr-4 font-medium ${statusStyles[delivery.status] ?? ''}`}>{delivery.status}</td>
              <td className="py-1.5 pr-4 tabular-nums">{delivery.attempts}</td>
              <td className="py-1.5 pr-4" title={delivery.lastError ?? undefined}>
                {delivery.lastStatusCode ?? (delivery.lastError ? 'no response' : '—')}
              </td>
              <td className="py-1.5 pr-4 text-xs text-zinc-500 dark:text-zinc-400"><LocalTime iso={delivery.createdAt} /></td>
              <td className="py-1.5 text-right">
                <button
                  type="button"
                  className={buttonStyles.ghost}
                  disabled={redeliver.isPending}
                  onClick={() => redeliver.mutate({ deliveryId: delivery.id })}
                >
                  Redeliver
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {deliveries.hasNextPage ? (
        <button
          type="button"
          className={`${buttonStyles.secondary} mt-3`}
          disabled={deliveries.isFetchingNextPage}
          onClick={() => void deliveries.fetchNextPage()}
        >
          {deliveries.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </button>
      ) : null}
    </div>
  );
}
