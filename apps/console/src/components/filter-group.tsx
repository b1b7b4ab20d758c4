'use client';

import type { ReactNode } from 'react';
import { useHydrated } from '~/components/use-hydrated';

/**
 * A bar of filter controls, disabled until the page has hydrated. React (19.3, as bundled by Next)
 * does not replay a change made before hydration: the pick's `input` event forces the hydration,
 * which sets a controlled select back to the server's value, and its `change` event then reports
 * that old value — a status picked on a busy machine came back as "All statuses" and navigated to
 * the unfiltered list (the two-filter race journey, ADR 0110). Disabled controls cannot be picked
 * before React can hear the pick.
 */
export function FilterGroup({ label, className, children }: { label: string; className: string; children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset aria-label={label} disabled={!hydrated} className={`min-w-0 ${className}`}>
      {children}
    </fieldset>
  );
}
