'use client';

import { useLiveActivity } from '~/features/activity/hooks/use-live-activity';

/** Mounted once in the console frame: keeps lists and the approvals badge live on every page. */
export function LiveActivity() {
  useLiveActivity();
  return null;
}
