import { queryParameters } from '~/server/http/query-parameters';
import { jsonResponse, route } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** One memory item of the caller's tenant; 404 for unknown and foreign ids alike. */
export const GET = route<{ id: string }>(
  async ({ principal, platform, parameters }) => {
    return jsonResponse(await platform.memory.get(principal, { memoryItemId: parameters.id }));
  },
  { role: 'viewer' },
);

/**
 * Forgets an item for good: the item, its vector and its injection records → `{ forgotten: true, … }`.
 * The live item of a key takes the values it replaced with it; `?restorePrevious=true` brings the
 * previous value back instead.
 */
export const DELETE = route<{ id: string }>(
  async ({ request, principal, platform, parameters }) => {
    const { restorePrevious } = queryParameters(request, [], ['restorePrevious']);
    return jsonResponse(
      await platform.memory.forget(principal, { memoryItemId: parameters.id, ...(restorePrevious === undefined ? {} : { restorePrevious }) }),
    );
  },
  { role: 'operator' },
);
