import { operatorRoute } from '~/server/http/operator-route';
import { jsonResponse } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** Suspends the tenant: its keys get 403 `tenant-suspended` and its queued runs wait. Idempotent. */
export const POST = operatorRoute<{ id: string }>(
  async ({ operator, platform, parameters }) => {
    return jsonResponse(await platform.tenants.suspend(operator, { tenantId: parameters.id }));
  },
  { role: 'instanceAdmin' },
);
