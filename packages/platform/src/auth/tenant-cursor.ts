/** The rows a page cursor may name: the caller's tenant, plus the list's parent (thread, run, item) when it has one. */
export type CursorScope = { tenantId: string } & Record<string, unknown>;

/**
 * Prisma's `cursor` + `skip: 1` for the page after the row `cursor` names, only when that row is
 * inside `scope`. Prisma locates the cursor row without the query's `where`, so a bare
 * `cursor: { id }` would position a tenant's page on another tenant's row (an existence oracle
 * for foreign ids, and an activity oracle where pages follow `updated_at`). The scope is part of
 * the cursor's own filter, in the same query: a row outside it is not found, exactly like an
 * unknown id, and the page is empty (as `selectRunPage` answers a cursor that is not the tenant's).
 *
 * Pass identity only (tenant, parent id), never a list's mutable filters (status, archived): a
 * row that stops matching those between pages must still position the next page.
 */
export function tenantCursor<Scope extends CursorScope>(cursor: string | undefined, scope: Scope): { cursor?: Scope & { id: string }; skip?: number } {
  return cursor === undefined ? {} : { cursor: { ...scope, id: cursor }, skip: 1 };
}
