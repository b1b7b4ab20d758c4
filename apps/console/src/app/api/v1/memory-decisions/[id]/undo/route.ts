import { jsonResponse, route } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** Reverses a decision: an update's previous item is live again, an added item is gone, a deleted one is back. 409 when it cannot be undone. */
export const POST = route<{ id: string }>(
  async ({ principal, platform, parameters }) => {
    return jsonResponse(await platform.memory.undoDecision(principal, { decisionId: parameters.id }));
  },
  { role: 'operator' },
);
