import { adminKeyNameSchema } from '@agentloom/platform';
import { parseRequest } from '~/server/http/openapi/parse-request';
import { operatorRoute } from '~/server/http/operator-route';
import { readJsonBody } from '~/server/http/read-json-body';
import { jsonResponse } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** Mints the tenant's first admin key `{ name? }`; `key` is shown this once. 409 when it has a live admin key. */
export const POST = operatorRoute<{ id: string }>(
  async ({ request, operator, platform, parameters }) => {
    const { name } = parseRequest(adminKeyNameSchema, await readJsonBody(request));
    return jsonResponse(await platform.tenants.mintAdminKey(operator, { tenantId: parameters.id, name }), 201);
  },
  { role: 'instanceAdmin' },
);
