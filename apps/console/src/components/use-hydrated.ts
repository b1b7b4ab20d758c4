'use client';

import { useSyncExternalStore } from 'react';

const neverChanges = () => () => undefined;

/**
 * False on the server and in the hydration render, true from the render after it (and at once in a
 * component mounted later). A control that must not be used before React owns it reads this.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
