import { jsonResponse, route } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** Deletes an endpoint with its delivery log; deliveries not yet sent are dropped. */
export const DELETE = route<{ id: string }>(
  async ({ principal, platform, parameters }) => {
    return jsonResponse(await platform.webhooks.delete(principal, { webhookId: parameters.id }));
  },
  { role: 'admin' },
);
