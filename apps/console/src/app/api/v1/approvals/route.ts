import { jsonResponse, route } from '~/server/http/route';
import { queryParameters } from '~/server/http/query-parameters';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** The tenant's approvals, newest first: `?status&runId&cursor&limit` → `{ approvals, nextCursor }`; `status=decided` is every status but pending. */
export const GET = route(
  async ({ request, principal, platform }) => {
    return jsonResponse(await platform.approvals.list(principal, queryParameters(request, ['limit'])));
  },
  { role: 'viewer' },
);
