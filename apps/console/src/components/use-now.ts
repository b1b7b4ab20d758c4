'use client';

import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `intervalMs` while `active`; running durations and "5 min ago"
 * labels tick without refetching anything. 0 (unknown) during the server render and hydration, so
 * both render the same; the first effect sets the real time.
 */
export function useNow(intervalMs = 1_000, active = true): number {
  const [now, setNow] = useState(0);
  useEffect(() => {
    setNow(Date.now());
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs, active]);
  return now;
}
