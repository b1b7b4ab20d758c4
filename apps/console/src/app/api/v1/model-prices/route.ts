import { queryParameters } from '~/server/http/query-parameters';
import { readJsonBody } from '~/server/http/read-json-body';
import { jsonResponse, route } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** The tenant's model price table (ADR 0057). */
export const GET = route(
  async ({ principal, platform }) => {
    return jsonResponse({ prices: await platform.modelPrices.list(principal) });
  },
  { role: 'viewer' },
);

/** Sets the price of one model `{ provider, model, inputUsdPerMillion, outputUsdPerMillion, cachedInputUsdPerMillion? }`. */
export const POST = route(
  async ({ request, principal, platform }) => {
    return jsonResponse({ prices: await platform.modelPrices.set(principal, await readJsonBody(request)) });
  },
  { role: 'admin' },
);

/** Removes the price of one model: `?provider=&model=`. */
export const DELETE = route(
  async ({ request, principal, platform }) => {
    return jsonResponse({ prices: await platform.modelPrices.remove(principal, queryParameters(request)) });
  },
  { role: 'admin' },
);
