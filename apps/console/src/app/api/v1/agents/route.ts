import { queryParameters } from '~/server/http/query-parameters';
import { jsonResponse, route } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** The tenant's agents by name, `?includeArchived` → `{ agents }` (id, slug, name, latest version). */
export const GET = route(
  async ({ request, principal, platform }) => {
    return jsonResponse({ agents: await platform.agents.list(principal, queryParameters(request, [], ['includeArchived'])) });
  },
  { role: 'viewer' },
);
