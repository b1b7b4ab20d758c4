import { queryParameters } from '~/server/http/query-parameters';
import { jsonResponse, route } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/**
 * What post-run fact extraction decided (ADD/UPDATE/DELETE/NONE), newest first:
 * `?runId` (one run's decisions) or `?memoryItemId` (decisions about one item), `cursor`, `limit`
 * → `{ decisions, nextCursor }`.
 */
export const GET = route(
  async ({ request, principal, platform }) => {
    return jsonResponse(await platform.memory.decisions(principal, queryParameters(request, ['limit'])));
  },
  { role: 'viewer' },
);
