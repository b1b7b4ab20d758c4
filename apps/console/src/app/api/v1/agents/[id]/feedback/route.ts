import { queryParameters } from '~/server/http/query-parameters';
import { jsonResponse, route } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** Feedback per version of the agent: `{ versions }` (`?includeScorers=true` counts scorer verdicts too). */
export const GET = route<{ id: string }>(
  async ({ request, principal, platform, parameters }) =>
    jsonResponse({ versions: await platform.feedback.aggregateByVersion(principal, { ...queryParameters(request, [], ['includeScorers']), agentId: parameters.id }) }),
  { role: 'viewer' },
);
