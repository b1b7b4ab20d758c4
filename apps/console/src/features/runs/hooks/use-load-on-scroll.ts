'use client';

import type { VirtualItem } from '@tanstack/react-virtual';
import { useEffect } from 'react';

/** Rows from the end at which the next page is asked for, so scrolling rarely meets the edge. */
const prefetchRows = 20;

/**
 * Cursor paging without "Load more" buttons: when a virtualized list shows one of its last rows,
 * the next page is fetched. Reaching call 5,000 is a scroll, not 50 clicks.
 */
export function useLoadOnScroll(
  /** The virtualizer's rendered rows (`getVirtualItems()`). */
  items: VirtualItem[],
  count: number,
  pages: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown },
): void {
  const lastShown = items[items.length - 1]?.index ?? -1;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = pages;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastShown >= count - prefetchRows) void fetchNextPage();
  }, [lastShown, count, hasNextPage, isFetchingNextPage, fetchNextPage]);
}
