import { jsonResponse, route } from '~/server/http/route';
import { readJsonBody } from '~/server/http/read-json-body';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** The tenant's API keys (prefixes only, never secrets). */
export const GET = route(
  async ({ principal, platform }) => {
    return jsonResponse(await platform.apiKeys.list(principal));
  },
  { role: 'admin' },
);

/** Creates a key `{ name, role }`; the response's `key` is the only time the secret is shown. */
export const POST = route(
  async ({ request, principal, platform }) => {
    const created = await platform.apiKeys.create(principal, await readJsonBody(request));
    return jsonResponse(created, 201, { Location: `/api/v1/api-keys/${created.id}` });
  },
  { role: 'admin' },
);
