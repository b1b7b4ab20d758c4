import { queryParameters } from '~/server/http/query-parameters';
import { readJsonBody } from '~/server/http/read-json-body';
import { jsonResponse, route } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** The tenant's and its agents' budgets with usage against each (UTC day and month). */
export const GET = route(
  async ({ principal, platform }) => {
    return jsonResponse(await platform.budgets.overview(principal));
  },
  { role: 'viewer' },
);

/** Sets a budget `{ agentId?, period, maxTokens?, maxCostUsd? }` (no `agentId`: the tenant's own). */
export const POST = route(
  async ({ request, principal, platform }) => {
    return jsonResponse(await platform.budgets.set(principal, await readJsonBody(request)));
  },
  { role: 'admin' },
);

/** Removes a budget: `?period=daily|monthly&agentId=` (no `agentId`: the tenant's own). */
export const DELETE = route(
  async ({ request, principal, platform }) => {
    return jsonResponse(await platform.budgets.remove(principal, queryParameters(request)));
  },
  { role: 'admin' },
);
