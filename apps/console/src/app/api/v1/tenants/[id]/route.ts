import { tenantChangesSchema } from '@agentloom/platform';
import { parseRequest } from '~/server/http/openapi/parse-request';
import { operatorRoute } from '~/server/http/operator-route';
import { readJsonBody } from '~/server/http/read-json-body';
import { jsonResponse } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** One tenant's settings and standing (operator key only). */
export const GET = operatorRoute<{ id: string }>(
  async ({ operator, platform, parameters }) => {
    return jsonResponse(await platform.tenants.get(operator, { tenantId: parameters.id }));
  },
  { role: 'instanceAdmin' },
);

/** Changes `{ name?, retentionDays?, rateLimitPerMinute?, rateLimitBurst? }` (null: keep forever / instance default). */
export const PATCH = operatorRoute<{ id: string }>(
  async ({ request, operator, platform, parameters }) => {
    const changes = parseRequest(tenantChangesSchema, await readJsonBody(request));
    return jsonResponse(await platform.tenants.update(operator, { ...changes, tenantId: parameters.id }));
  },
  { role: 'instanceAdmin' },
);
