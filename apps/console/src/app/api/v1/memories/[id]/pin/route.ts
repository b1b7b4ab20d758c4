import { jsonResponse, route } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** Pins an item: search boosts it. Returns the item. */
export const POST = route<{ id: string }>(
  async ({ principal, platform, parameters }) => {
    return jsonResponse(await platform.memory.pin(principal, { memoryItemId: parameters.id }));
  },
  { role: 'operator' },
);

/** Unpins an item. Returns the item. */
export const DELETE = route<{ id: string }>(
  async ({ principal, platform, parameters }) => {
    return jsonResponse(await platform.memory.unpin(principal, { memoryItemId: parameters.id }));
  },
  { role: 'operator' },
);
