import { jsonResponse, route } from '~/server/http/route';
import { readJsonBody } from '~/server/http/read-json-body';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/**
 * Decides several pending approvals alike: `{ approvalIds, decision: 'approve' }` or
 * `{ approvalIds, decision: 'reject', reason }`. Each is its own decision (one wins per approval);
 * answers `{ outcomes }`, one per approval: `decided` with the approval, or `refused` with why.
 */
export const POST = route(
  async ({ request, principal, platform }) => {
    return jsonResponse(await platform.approvals.decideMany(principal, await readJsonBody(request)));
  },
  { role: 'operator' },
);
