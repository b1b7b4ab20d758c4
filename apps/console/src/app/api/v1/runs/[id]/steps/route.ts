import { queryParameters } from '~/server/http/query-parameters';
import { jsonResponse, route } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** The run's steps in index order, with their tool calls named: `?cursor&limit` → `{ steps, nextCursor }`. */
export const GET = route<{ id: string }>(
  async ({ request, principal, platform, parameters }) =>
    jsonResponse(await platform.runSteps.list(principal, { ...queryParameters(request, ['cursor', 'limit']), runId: parameters.id })),
  { role: 'viewer' },
);
