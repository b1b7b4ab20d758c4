import { jsonResponse, route } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** Cancels the batch: queued items end now, running ones are asked to stop, no claim starts another. */
export const POST = route<{ id: string }>(
  async ({ principal, platform, parameters }) => {
    return jsonResponse(await platform.batches.cancel(principal, { batchId: parameters.id }));
  },
  { role: 'operator' },
);
