import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { DatabaseUnavailable } from '~/features/health/components/database-unavailable';
import { OperatorShell } from '~/features/tenants/components/operator-shell';
import { getOperatorAccess } from '~/server/session/operator-access';

// Reads the operator session and the database per request; never prerender at build.
export const dynamic = 'force-dynamic';

/** The instance operator's area (ADR 0041): opened by the operator session only, never a tenant's. */
export default async function OperatorLayout({ children }: { children: ReactNode }) {
  const access = await getOperatorAccess();
  if (access.kind === 'signed-out') redirect('/sign-in?next=/operator/tenants');
  if (access.kind === 'unavailable') return <DatabaseUnavailable message={access.message} />;
  return <OperatorShell operator={access.operator}>{children}</OperatorShell>;
}
