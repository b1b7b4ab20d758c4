'use client';

import { useCallback, useSyncExternalStore } from 'react';

/** A full date and time ("Dec 6, 2024, 7:05:37 PM"): the console's default for an instant. */
export const timestampFormat: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'medium' };

/** Formats an ISO instant for the viewer; `options` default to {@link timestampFormat}. */
export type LocalTimeFormatter = (iso: string, options?: Intl.DateTimeFormatOptions) => string;

// Nothing to subscribe to: whether we render in the browser never changes after the first answer.
const subscribeToNothing = () => () => {};

/**
 * False on the server and during hydration (React reads the server snapshot then, so both renders
 * agree), true afterwards. React re-renders with the client snapshot right after hydrating, which
 * patches text *and* attributes; a plain mismatch would not (React keeps the server's attributes,
 * and `suppressHydrationWarning` only hides the difference). A page opened by client navigation
 * renders in the browser from the start, so it never shows the placeholder.
 */
function useRendersInBrowser(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

/**
 * Formats instants in the viewer's time zone and locale. The server cannot know the viewer's zone
 * (it would use its own, UTC on most hosts, and the hydrated page would keep that text), so until
 * the browser renders this answers the ISO instant itself: exact, and the same in both renders.
 */
export function useLocalTimeFormat(): LocalTimeFormatter {
  const inBrowser = useRendersInBrowser();
  return useCallback((iso, options = timestampFormat) => (inBrowser ? new Date(iso).toLocaleString(undefined, options) : iso), [inBrowser]);
}

interface LocalTimeProps {
  /** The instant, as the API sends it (ISO 8601 with offset). */
  iso: string;
  /** How to show it; the default is {@link timestampFormat}. */
  options?: Intl.DateTimeFormatOptions;
  /**
   * The tooltip: `timestamp` is the full date and time (for a shortened text), `iso` the ISO
   * instant, `instant` both (where the exact millisecond matters), `none` no tooltip.
   */
  title?: 'timestamp' | 'iso' | 'instant' | 'none';
  className?: string;
}

/** An absolute date and time in the viewer's time zone, as a `<time>` element. */
export function LocalTime({ iso, options = timestampFormat, title = 'none', className }: LocalTimeProps) {
  const format = useLocalTimeFormat();
  const tooltip = { timestamp: format(iso), iso, instant: `${iso} (${format(iso)})`, none: undefined }[title];
  return (
    <time dateTime={iso} title={tooltip} className={className}>
      {format(iso, options)}
    </time>
  );
}
