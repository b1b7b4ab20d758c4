import { jsonResponse, route } from '~/server/http/route';
import { queryParameters } from '~/server/http/query-parameters';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** The run's transcript a page at a time: `?cursor&limit` → `{ messages, nextCursor }`. */
export const GET = route<{ id: string }>(
  async ({ request, principal, platform, parameters }) => {
    const query = queryParameters(request, ['cursor', 'limit']);
    return jsonResponse(await platform.runMessages.list(principal, { ...query, runId: parameters.id }));
  },
  { role: 'viewer' },
);
