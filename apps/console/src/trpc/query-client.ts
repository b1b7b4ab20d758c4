import { defaultShouldDehydrateQuery, QueryClient, type Query } from '@tanstack/react-query';
import superjson from 'superjson';

/**
 * One QueryClient configuration for the browser and for server-side prefetching. Data crosses
 * the RSC boundary with superjson (dates stay dates), and pending queries are dehydrated too so a
 * page can start a prefetch without awaiting it.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Data rendered on the server is fresh for a moment; without this the client refetches
        // everything immediately after hydration.
        staleTime: 30 * 1000,
      },
      dehydrate: {
        serializeData: superjson.serialize,
        shouldDehydrateQuery: shouldSendQuery,
      },
      hydrate: {
        deserializeData: superjson.deserialize,
      },
    },
  });
}

/** Sent to the browser: settled queries as TanStack does by default, and pending ones (streamed). */
export function shouldSendQuery(query: Query): boolean {
  return defaultShouldDehydrateQuery(query) || query.state.status === 'pending';
}
