import { operatorRoute } from '~/server/http/operator-route';
import { jsonResponse } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** Resumes a suspended tenant: its keys work again and its queued runs are claimed. Idempotent. */
export const POST = operatorRoute<{ id: string }>(
  async ({ operator, platform, parameters }) => {
    return jsonResponse(await platform.tenants.resume(operator, { tenantId: parameters.id }));
  },
  { role: 'instanceAdmin' },
);
