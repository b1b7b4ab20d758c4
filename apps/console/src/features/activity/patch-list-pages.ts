/**
 * How a change applies to a list held as loaded pages (an infinite query), without a refetch
 * (ADR 0064). The list's order is by keys that never change for a row (creation time and id), so a
 * row that stays is replaced where it is; a row that leaves is dropped; a row that enters goes where
 * the order puts it among the loaded rows — or nowhere, when it sorts after the last loaded row
 * and more pages follow ("Load more" brings it, as it would have).
 */
export interface ListPatch<Row> {
  idOf: (row: Row) => string;
  /** The list's order: negative when `left` is shown before `right`. */
  compare: (left: Row, right: Row) => number;
  /** Rows the change speaks for: each stays only if `incoming` holds it. */
  affected: (row: Row) => boolean;
  /** Rows that belong in the list now (they match its filters), new or updated. */
  incoming: readonly Row[];
  /**
   * True when the last loaded row may not leave: the next page's cursor names it and would no
   * longer resolve (an erased run). The list then refetches.
   */
  cursorBreaks?: (row: Row) => boolean;
}

/** The pages with the change applied; undefined when the pages cannot be patched (refetch). */
export function patchListPages<Row>(pages: readonly (readonly Row[])[], hasMore: boolean, patch: ListPatch<Row>): Row[][] | undefined {
  const incomingById = new Map(patch.incoming.map((row) => [patch.idOf(row), row]));
  const placed = new Set<string>();
  const lastPage = pages.length - 1;
  const next: Row[][] = [];
  for (const [pageIndex, page] of pages.entries()) {
    const rows: Row[] = [];
    for (const [rowIndex, row] of page.entries()) {
      const id = patch.idOf(row);
      const replacement = incomingById.get(id);
      if (replacement !== undefined) {
        rows.push(replacement);
        placed.add(id);
        continue;
      }
      if (!patch.affected(row)) {
        rows.push(row);
        continue;
      }
      // The row leaves. Only the last page's cursor is still used ("Load more"); earlier cursors are
      // recomputed from fresh pages when the query refetches.
      const isCursor = hasMore && pageIndex === lastPage && rowIndex === page.length - 1;
      if (isCursor && patch.cursorBreaks?.(row)) return undefined;
    }
    next.push(rows);
  }
  for (const row of patch.incoming) {
    if (placed.has(patch.idOf(row))) continue;
    insertInOrder(next, row, hasMore, patch.compare);
  }
  return next;
}

/** Puts `row` in the first page whose last row it precedes; after everything only when no page follows. */
function insertInOrder<Row>(pages: Row[][], row: Row, hasMore: boolean, compare: (left: Row, right: Row) => number): void {
  for (const page of pages) {
    const last = page.at(-1);
    if (last === undefined || compare(row, last) >= 0) continue;
    const position = page.findIndex((candidate) => compare(row, candidate) < 0);
    page.splice(position, 0, row);
    return;
  }
  if (hasMore) return;
  const final = pages.at(-1);
  final?.push(row);
}
