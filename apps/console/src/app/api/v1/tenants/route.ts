import { operatorRoute } from '~/server/http/operator-route';
import { readJsonBody } from '~/server/http/read-json-body';
import { jsonResponse } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** Every tenant of the instance with its settings and standing (operator key only). */
export const GET = operatorRoute(
  async ({ operator, platform }) => {
    return jsonResponse(await platform.tenants.list(operator));
  },
  { role: 'instanceAdmin' },
);

/** Creates a tenant `{ slug, name, retentionDays?, rateLimitPerMinute?, rateLimitBurst? }`; mint its first admin key next. */
export const POST = operatorRoute(
  async ({ request, operator, platform }) => {
    const tenant = await platform.tenants.create(operator, await readJsonBody(request));
    return jsonResponse(tenant, 201, { Location: `/api/v1/tenants/${tenant.id}` });
  },
  { role: 'instanceAdmin' },
);
