import { dehydrate, hashKey, HydrationBoundary, type QueryKey } from '@tanstack/react-query';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { headers } from 'next/headers';
import { cache, type ReactNode } from 'react';
import { createTRPCContext } from '~/server/trpc/context';
import { appRouter } from '~/server/trpc/root-router';
import { createQueryClient, shouldSendQuery } from '~/trpc/query-client';

/** One QueryClient per server request, shared by the layout and the page rendering it. */
export const getServerQueryClient = cache(createQueryClient);

/**
 * tRPC for server components: calls procedures in-process (same middleware, same error mapping)
 * and fills the request's QueryClient, which <HydrateClient> hands to the browser.
 */
export const trpc = createTRPCOptionsProxy({
  ctx: async () => createTRPCContext({ headers: await headers() }),
  router: appRouter,
  queryClient: getServerQueryClient,
});

/**
 * Hands the request's prefetched queries to the browser. `only` limits it to the given keys: the
 * layout and the page share one QueryClient and both render a boundary, and without it the layout
 * also sent the page's queries, so a run page's rows went into the HTML twice (ADR 0079).
 */
export function HydrateClient({ children, only }: { children: ReactNode; only?: readonly QueryKey[] }) {
  const hashes = only ? new Set(only.map((key) => hashKey(key))) : undefined;
  const state = dehydrate(getServerQueryClient(), {
    shouldDehydrateQuery: (query) => shouldSendQuery(query) && (hashes === undefined || hashes.has(query.queryHash)),
  });
  return <HydrationBoundary state={state}>{children}</HydrationBoundary>;
}
