import type { InfiniteData } from '@tanstack/react-query';

/**
 * Tail fetches that found nothing new leave empty pages behind; drop them (keeping the first
 * page), so a long-running run does not accumulate pages that every refetch would repeat.
 */
export function pruneEmptyPages<Page, Cursor>(data: InfiniteData<Page, Cursor> | undefined, isEmpty: (page: Page) => boolean): InfiniteData<Page, Cursor> | undefined {
  if (!data) return data;
  const keep = data.pages.map((page, position) => position === 0 || !isEmpty(page));
  if (keep.every(Boolean)) return data;
  return { pages: data.pages.filter((_, position) => keep[position]), pageParams: data.pageParams.filter((_, position) => keep[position]) };
}
