import { queryParameters } from '~/server/http/query-parameters';
import { jsonResponse, route } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** A page of items in index order with their current run: partial results while the batch runs. */
export const GET = route<{ id: string }>(
  async ({ request, principal, platform, parameters }) => {
    return jsonResponse(await platform.batches.items(principal, { ...queryParameters(request, ['after', 'limit']), batchId: parameters.id }));
  },
  { role: 'viewer' },
);
