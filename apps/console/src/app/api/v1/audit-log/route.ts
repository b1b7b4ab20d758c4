import { queryParameters } from '~/server/http/query-parameters';
import { jsonResponse, route } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** The tenant's audit log, newest first: `?action&actorId&targetType&targetId&from&to&cursor&limit` → `{ entries, nextCursor }`. */
export const GET = route(
  async ({ request, principal, platform }) => {
    return jsonResponse(await platform.audit.list(principal, queryParameters(request, ['limit'])));
  },
  { role: 'admin' },
);
