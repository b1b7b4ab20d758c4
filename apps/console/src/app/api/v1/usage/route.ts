import { queryParameters } from '~/server/http/query-parameters';
import { jsonResponse, route } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** Tokens, cost and runs by outcome per agent and per day: `?from&to&agentId` (default the last 30 days). */
export const GET = route(
  async ({ request, principal, platform }) => {
    return jsonResponse(await platform.usage.summary(principal, queryParameters(request)));
  },
  { role: 'viewer' },
);
