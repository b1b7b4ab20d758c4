import { jsonResponse, route } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** Revokes a key; it stops authenticating at once in this process (other processes within 30 s). */
export const DELETE = route<{ id: string }>(
  async ({ principal, platform, parameters }) => {
    return jsonResponse(await platform.apiKeys.revoke(principal, { apiKeyId: parameters.id }));
  },
  { role: 'admin' },
);
