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

/** Forgets an item for good: the item, its vector and its injection records → `{ forgotten: true }`. */
export const DELETE = route<{ id: string }>(
  async ({ principal, platform, parameters }) => {
    return jsonResponse(await platform.memory.forget(principal, { memoryItemId: parameters.id }));
  },
  { role: 'operator' },
);
