'use client';

import type { ReactNode } from 'react';
import { ErrorNotice } from '~/components/error-notice';
import { useIsAdmin } from '~/features/session/principal-context';

/** Renders admin sections only for admins; others get the reason instead of a request that would fail. */
export function AdminOnly({ what, children }: { what: string; children: ReactNode }) {
  const isAdmin = useIsAdmin();
  if (!isAdmin) return <ErrorNotice title={`${what} is for admins`} message="Sign in with an admin key to see and change it." />;
  return <>{children}</>;
}
