import { queryParameters } from '~/server/http/query-parameters';
import { readJsonBody } from '~/server/http/read-json-body';
import { jsonResponse, route } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** The tenant's threads, most recently active first: `?agentId&endUserId&includeArchived&cursor&limit` → `{ threads, nextCursor }`. */
export const GET = route(
  async ({ request, principal, platform }) => {
    return jsonResponse(await platform.threads.list(principal, queryParameters(request, ['limit'], ['includeArchived'])));
  },
  { role: 'viewer' },
);

/** Starts a conversation `{ agentId, endUserId?, title? }` that runs may continue by naming it. */
export const POST = route(
  async ({ request, principal, platform }) => {
    const thread = await platform.threads.create(principal, await readJsonBody(request));
    return jsonResponse(thread, 201, { Location: `/api/v1/threads/${thread.id}` });
  },
  { role: 'operator' },
);
