import { readJsonBody } from '~/server/http/read-json-body';
import { jsonResponse, route } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** The tenant's concurrency limit and every agent's that has one, with the runs running now. */
export const GET = route(
  async ({ principal, platform }) => {
    return jsonResponse(await platform.concurrencyLimits.get(principal));
  },
  { role: 'viewer' },
);

/** Sets or clears `{ agentId?, maxRunningRuns }` (no `agentId`: the tenant's own; null: no limit). */
export const POST = route(
  async ({ request, principal, platform }) => {
    return jsonResponse(await platform.concurrencyLimits.set(principal, await readJsonBody(request)));
  },
  { role: 'admin' },
);
