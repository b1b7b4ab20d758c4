import { rawSqlFor, type PrismaExecutor } from '@agentloom/db';

import { toInstant } from '../validation/instant.schema';
import type { ListRunsFilters, RunTimeWindow } from './run.schema';

const windowHours: Record<RunTimeWindow, number> = { '1h': 1, '24h': 24, '7d': 7 * 24, '30d': 30 * 24 };

/**
 * Ids of one page of a tenant's runs, newest first, plus one more when another page follows.
 *
 * Raw SQL because the search is a case-insensitive match on the input's text, which the Prisma
 * client cannot express. Every condition starts from `tenant_id` and pages are ordered by
 * `(created_at, id)`, so Postgres walks the `(tenant_id, created_at)` index (or
 * `(tenant_id, status, created_at)` with a status) newest first and stops once the page is full:
 * a search reads only as many of the tenant's runs as it takes to find `limit + 1` matches, and
 * never another tenant's. The cursor is the last run id shown; its `(created_at, id)` is the bound.
 */
export async function selectRunPage(database: PrismaExecutor, tenantId: string, input: ListRunsFilters): Promise<string[]> {
  const values: unknown[] = [tenantId];
  const bind = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const conditions = ['tenant_id = $1::uuid'];
  if (input.status) conditions.push(`status = ${bind(input.status)}::"RunStatus"`);
  if (input.agentId) conditions.push(`agent_id = ${bind(input.agentId)}::uuid`);
  if (input.agentVersion) conditions.push(`agent_version_id IN (SELECT id FROM agent_versions WHERE tenant_id = $1::uuid AND version = ${bind(input.agentVersion)}::int)`);
  if (input.threadId) conditions.push(`thread_id = ${bind(input.threadId)}::uuid`);
  if (input.within) conditions.push(`created_at >= now() - make_interval(hours => ${bind(windowHours[input.within])}::int)`);
  if (input.from) conditions.push(`created_at >= ${bind(toInstant(input.from).toISOString())}::timestamptz`);
  if (input.to) conditions.push(`created_at < ${bind(toInstant(input.to).toISOString())}::timestamptz`);
  if (input.search) {
    const pattern = bind(`%${escapeLikePattern(input.search)}%`);
    // `input ->> 'text'` is the prose of the common `{ text }` shape (no JSON escaping in the way);
    // any other shape is matched on its JSON text.
    conditions.push(`(id::text ILIKE ${pattern} OR COALESCE(input ->> 'text', input::text) ILIKE ${pattern})`);
  }
  if (input.cursor) {
    const cursor = `(SELECT created_at, id FROM runs WHERE id = ${bind(input.cursor)}::uuid AND tenant_id = $1::uuid)`;
    // The plain column bound lets the index range start at the cursor; the row comparison breaks ties.
    conditions.push(`created_at <= (SELECT created_at FROM ${cursor} AS cursor_run)`, `(created_at, id) < ${cursor}`);
  }
  const rows = await rawSqlFor(database).query<{ id: string }>(
    `SELECT id::text AS id FROM runs WHERE ${conditions.join(' AND ')} ORDER BY created_at DESC, id DESC LIMIT ${bind(input.limit + 1)}::int`,
    ...values,
  );
  return rows.map((row) => row.id);
}

/** `%`, `_` and the escape character itself match literally (backslash is LIKE's default escape). */
function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
