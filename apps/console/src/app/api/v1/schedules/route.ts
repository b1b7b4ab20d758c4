import { queryParameters } from '~/server/http/query-parameters';
import { readJsonBody } from '~/server/http/read-json-body';
import { jsonResponse, route } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** The tenant's schedules, newest first; `?agentId=` filters by agent. */
export const GET = route(
  async ({ request, principal, platform }) => {
    return jsonResponse(await platform.schedules.list(principal, queryParameters(request)));
  },
  { role: 'viewer' },
);

/** Creates a cron or interval schedule of one agent. */
export const POST = route(
  async ({ request, principal, platform }) => {
    const created = await platform.schedules.create(principal, await readJsonBody(request));
    return jsonResponse(created, 201, { Location: `/api/v1/schedules/${created.id}` });
  },
  { role: 'operator' },
);
