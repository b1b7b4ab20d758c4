import { jsonResponse, route } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** The batch with its progress by status. */
export const GET = route<{ id: string }>(
  async ({ principal, platform, parameters }) => {
    return jsonResponse(await platform.batches.get(principal, { batchId: parameters.id }));
  },
  { role: 'viewer' },
);
