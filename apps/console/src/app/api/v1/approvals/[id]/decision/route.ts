import { jsonResponse, route } from '~/server/http/route';
import { readJsonBody } from '~/server/http/read-json-body';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/**
 * Decides a pending approval: `{ decision: 'approve' }`, `{ decision: 'reject', reason }` or
 * `{ decision: 'edit', arguments }`. One decision wins; a later one is a 409.
 */
export const POST = route<{ id: string }>(
  async ({ request, principal, platform, parameters }) => {
    const body = await readJsonBody(request);
    const input = typeof body === 'object' && body !== null ? { ...body, approvalId: parameters.id } : body;
    return jsonResponse(await platform.approvals.decide(principal, input));
  },
  { role: 'operator' },
);
