'use client';

import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, httpSubscriptionLink, splitLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import { useState, type ReactNode } from 'react';
import superjson from 'superjson';
import type { AppRouter } from '~/server/trpc/root-router';
import { createQueryClient } from '~/trpc/query-client';

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

const trpcEndpoint = '/api/trpc';

let browserQueryClient: QueryClient | undefined;

function getQueryClient(): QueryClient {
  // On the server every request needs its own cache; in the browser one cache lives for the tab,
  // so that React suspending during the first render does not throw the cache away.
  if (typeof window === 'undefined') return createQueryClient();
  browserQueryClient ??= createQueryClient();
  return browserQueryClient;
}

function createClient() {
  return createTRPCClient<AppRouter>({
    links: [
      // Subscriptions (live run events, later) go over SSE; everything else is batched HTTP.
      splitLink({
        condition: (operation) => operation.type === 'subscription',
        true: httpSubscriptionLink({ url: trpcEndpoint, transformer: superjson }),
        false: httpBatchLink({ url: trpcEndpoint, transformer: superjson }),
      }),
    ],
  });
}

export function TRPCReactProvider({ children }: { children: ReactNode }) {
  const queryClient = getQueryClient();
  const [trpcClient] = useState(createClient);
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
