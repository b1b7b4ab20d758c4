import { dehydrate, HydrationBoundary } from '@tanstack/react-query';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { headers } from 'next/headers';
import { cache, type ReactNode } from 'react';
import { createTRPCContext } from '~/server/trpc/context';
import { appRouter } from '~/server/trpc/root-router';
import { createQueryClient } from '~/trpc/query-client';

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

export function HydrateClient({ children }: { children: ReactNode }) {
  return <HydrationBoundary state={dehydrate(getServerQueryClient())}>{children}</HydrationBoundary>;
}
