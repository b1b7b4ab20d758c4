'use client';

import { useLiveActivity } from '~/features/activity/hooks/use-live-activity';

/**
 * Mounted once in the console frame: keeps lists and the approvals badge live on every page. The
 * hidden marker says whether changes are being pushed (`data-live-activity`), for diagnostics and
 * the e2e suite, which waits for `live` before it changes anything.
 */
export function LiveActivity() {
  const state = useLiveActivity();
  return <span hidden data-live-activity={state} />;
}
