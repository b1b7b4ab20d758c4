import { jsonResponse, route } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** Who the key is: `{ tenantId, tenantName, apiKeyId, apiKeyName, role }` (the tenant id confirms a tenant erase). */
export const GET = route(
  ({ principal }) => {
    const { tenantId, tenantName, apiKeyId, apiKeyName, role } = principal;
    return Promise.resolve(jsonResponse({ tenantId, tenantName, apiKeyId, apiKeyName, role }));
  },
  { role: 'viewer' },
);
