import { jsonResponse, route } from '~/server/http/route';
import { readJsonBody } from '~/server/http/read-json-body';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** The tenant's webhook endpoints (never their secrets). */
export const GET = route(
  async ({ principal, platform }) => {
    return jsonResponse(await platform.webhooks.list(principal));
  },
  { role: 'admin' },
);

/** Creates an endpoint `{ url, eventTypes, description? }`; the response's `secret` is the only time it is shown. */
export const POST = route(
  async ({ request, principal, platform }) => {
    const created = await platform.webhooks.create(principal, await readJsonBody(request));
    return jsonResponse(created, 201, { Location: `/api/v1/webhooks/${created.id}` });
  },
  { role: 'admin' },
);
