'use client';

import type { ReactNode } from 'react';
import { ErrorNotice } from '~/components/error-notice';
import { useCanOperate } from '~/features/session/principal-context';

/**
 * Starting a run needs the operator role: a viewer who opens the page by its URL is told so instead of
 * being offered a form whose submit answers 403 (the "New run" link is already hidden from viewers).
 */
export function OperatorOnly({ what, children }: { what: string; children: ReactNode }) {
  const canOperate = useCanOperate();
  if (!canOperate) return <ErrorNotice title={`${what} needs the operator role`} message="Sign in with an operator or admin key to start runs." />;
  return <>{children}</>;
}
