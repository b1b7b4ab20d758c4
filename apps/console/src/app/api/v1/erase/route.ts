import { parseRequest } from '~/server/http/openapi/parse-request';
import { eraseRequestSchema } from '~/server/http/openapi/request-schemas';
import { readJsonBody } from '~/server/http/read-json-body';
import { jsonResponse, route } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/**
 * Erases a run, a thread or the whole tenant `{ target, id }` with every row it produced, in one
 * transaction, and answers the receipt `{ unit, id, tenantId, counts: { table: rows }, erasedAt }`.
 * Queued or running work is a 409 (cancel it first); for `tenant`, `id` must be your own tenant id.
 */
export const POST = route(
  async ({ request, principal, platform }) => {
    const { target, id } = parseRequest(eraseRequestSchema, await readJsonBody(request));
    if (target === 'run') return jsonResponse(await platform.erase.eraseRun(principal, { runId: id }));
    if (target === 'thread') return jsonResponse(await platform.erase.eraseThread(principal, { threadId: id }));
    return jsonResponse(await platform.erase.eraseTenant(principal, { confirmTenantId: id }));
  },
  { role: 'admin' },
);
