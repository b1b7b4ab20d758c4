import { queryParameters } from '~/server/http/query-parameters';
import { jsonResponse, route } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** The conversation across its runs, oldest run first: `?cursor&limit` → `{ messages, nextCursor }`. */
export const GET = route<{ id: string }>(
  async ({ request, principal, platform, parameters }) => {
    return jsonResponse(await platform.threads.messages(principal, { ...queryParameters(request, ['limit']), threadId: parameters.id }));
  },
  { role: 'viewer' },
);
