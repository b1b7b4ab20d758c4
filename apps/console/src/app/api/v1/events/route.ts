import { jsonResponse, route } from '~/server/http/route';
import { readJsonBody } from '~/server/http/read-json-body';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/**
 * Delivers an external event to the run waiting for it in `wait_for_event`:
 * `{ correlationKey, payload }`. One delivery wins; a second one for the same wait is a 409.
 */
export const POST = route(
  async ({ request, principal, platform }) => jsonResponse(await platform.waits.deliver(principal, await readJsonBody(request))),
  { role: 'operator' },
);
