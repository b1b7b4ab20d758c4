import { jsonResponse, route } from '~/server/http/route';
import { readJsonBody } from '~/server/http/read-json-body';
import { queryParameters } from '~/server/http/query-parameters';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** Lists the tenant's runs, newest first: `?status&agentId&threadId&within|from&to&search&cursor&limit` → `{ runs, nextCursor }`. */
export const GET = route(
  async ({ request, principal, platform }) => {
    return jsonResponse(await platform.runs.list(principal, queryParameters(request, ['limit', 'agentVersion'])));
  },
  { role: 'viewer' },
);

/**
 * Starts a run: `{ agentId, agentVersion?, threadId?, input }`. With an `Idempotency-Key` header a
 * retry returns the run the first request created (200 instead of 201); the same key with another
 * body is a 409.
 */
export const POST = route(
  async ({ request, principal, platform }) => {
    const body = await readJsonBody(request);
    const idempotencyKey = request.headers.get('idempotency-key');
    const input = typeof body === 'object' && body !== null ? { ...body, ...(idempotencyKey === null ? {} : { idempotencyKey }) } : body;
    const { run, created } = await platform.runs.create(principal, input);
    return jsonResponse(run, created ? 201 : 200, { Location: `/api/v1/runs/${run.id}` });
  },
  { role: 'operator' },
);
