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

/**
 * Submits N inputs of one agent as a batch (validated whole first: nothing is written on a bad item).
 * With an `Idempotency-Key` header a retry returns the batch the first request created (200 instead
 * of 201) and writes no runs; the same key with another body is a 409 (ADR 0107).
 */
export const POST = route(
  async ({ request, principal, platform }) => {
    const body = await readJsonBody(request);
    const idempotencyKey = request.headers.get('idempotency-key');
    const input = typeof body === 'object' && body !== null ? { ...body, ...(idempotencyKey === null ? {} : { idempotencyKey }) } : body;
    const { batch, created } = await platform.batches.submitOnce(principal, input);
    return jsonResponse(batch, created ? 201 : 200, { Location: `/api/v1/batches/${batch.id}` });
  },
  { role: 'operator' },
);
