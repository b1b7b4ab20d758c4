import { queryParameters } from '~/server/http/query-parameters';
import { jsonResponse, route } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** An endpoint's deliveries, newest first, with status, attempts and the last response code; `?limit=&cursor=`. */
export const GET = route<{ id: string }>(
  async ({ request, principal, platform, parameters }) => {
    const query = queryParameters(request, ['limit']);
    return jsonResponse(await platform.webhooks.listDeliveries(principal, { ...query, webhookId: parameters.id }));
  },
  { role: 'admin' },
);
