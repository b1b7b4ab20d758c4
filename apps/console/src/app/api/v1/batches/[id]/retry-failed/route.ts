import { jsonResponse, route } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** A new run, linked to the failed one, for every item whose current run failed. */
export const POST = route<{ id: string }>(
  async ({ principal, platform, parameters }) => {
    return jsonResponse(await platform.batches.retryFailed(principal, { batchId: parameters.id }));
  },
  { role: 'operator' },
);
