import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { DatabaseUnavailable } from '~/features/health/components/database-unavailable';
import { ConsoleShell } from '~/features/navigation/components/console-shell';
import { getConsoleAccess } from '~/server/session/console-access';
import { HydrateClient, getServerQueryClient, trpc } from '~/trpc/server';

// Every console page reads the session and the database per request; never prerender at build.
export const dynamic = 'force-dynamic';

export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const access = await getConsoleAccess();
  if (access.kind === 'signed-out') redirect('/sign-in');
  if (access.kind === 'unavailable') return <DatabaseUnavailable message={access.message} />;

  // The pgvector banner reads the health report; fetching it here renders the banner with the page.
  // The approvals badge in the navigation renders with the page instead of popping in later.
  const health = trpc.health.report.queryOptions();
  const pendingApprovals = trpc.approvals.pendingCount.queryOptions();
  await Promise.all([getServerQueryClient().prefetchQuery(health), getServerQueryClient().prefetchQuery(pendingApprovals)]);
  return (
    <HydrateClient only={[health.queryKey, pendingApprovals.queryKey]}>
      <ConsoleShell principal={access.principal}>{children}</ConsoleShell>
    </HydrateClient>
  );
}
