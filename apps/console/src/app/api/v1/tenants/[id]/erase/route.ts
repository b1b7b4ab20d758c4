import { confirmTenantEraseSchema } from '@agentloom/platform';
import { parseRequest } from '~/server/http/openapi/parse-request';
import { operatorRoute } from '~/server/http/operator-route';
import { readJsonBody } from '~/server/http/read-json-body';
import { jsonResponse } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** Erases the tenant with every row it has `{ confirmSlug }` and answers the receipt; queued or running runs are a 409. */
export const POST = operatorRoute<{ id: string }>(
  async ({ request, operator, platform, parameters }) => {
    const { confirmSlug } = parseRequest(confirmTenantEraseSchema, await readJsonBody(request));
    return jsonResponse(await platform.tenants.erase(operator, { tenantId: parameters.id, confirmSlug }));
  },
  { role: 'instanceAdmin' },
);
