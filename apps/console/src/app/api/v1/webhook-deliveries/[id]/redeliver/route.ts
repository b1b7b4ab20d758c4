import { jsonResponse, route } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** Sends a delivery's event again as a new delivery (same event id); answers with the new delivery. */
export const POST = route<{ id: string }>(
  async ({ principal, platform, parameters }) => {
    return jsonResponse(await platform.webhooks.redeliver(principal, { deliveryId: parameters.id }), 201);
  },
  { role: 'admin' },
);
