import { queryParameters } from '~/server/http/query-parameters';
import { readJsonBody } from '~/server/http/read-json-body';
import { jsonResponse, route } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** The tenant's batches, newest first; `?agentId=` filters by agent. */
export const GET = route(
  async ({ request, principal, platform }) => {
    return jsonResponse(await platform.batches.list(principal, queryParameters(request, ['limit'])));
  },
  { role: 'viewer' },
);

/** Submits N inputs of one agent as a batch (validated whole first: nothing is written on a bad item). */
export const POST = route(
  async ({ request, principal, platform }) => {
    const created = await platform.batches.submit(principal, await readJsonBody(request));
    return jsonResponse(created, 201, { Location: `/api/v1/batches/${created.id}` });
  },
  { role: 'operator' },
);
