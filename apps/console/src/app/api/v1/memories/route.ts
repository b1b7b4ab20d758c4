import { parseRequest } from '~/server/http/openapi/parse-request';
import { listMemoriesQuerySchema } from '~/server/http/openapi/request-schemas';
import { queryParameters } from '~/server/http/query-parameters';
import { readJsonBody } from '~/server/http/read-json-body';
import { jsonResponse, route } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/**
 * Without `q`: the tenant's memory items, newest first, `?level&scopeId&kind&includeSuperseded&cursor&limit`
 * → `{ items, nextCursor }`. With `q`: a search (`?mode=hybrid|vector|full-text`, scoped by
 * `agentId`/`threadId`/`userId`, `kind`, `limit`) → `{ hits: [{ item, score }] }`.
 */
export const GET = route(
  async ({ request, principal, platform }) => {
    const query = queryParameters(request, ['limit'], ['includeSuperseded']);
    if (query.q === undefined) return jsonResponse(await platform.memory.list(principal, query));
    const { q, agentId, threadId, userId, kind, limit, mode } = parseRequest(listMemoriesQuerySchema, query);
    const scope = { ...(agentId ? { agentId } : {}), ...(threadId ? { threadId } : {}), ...(userId ? { userId } : {}) };
    const hits = await platform.memory.search(principal, {
      text: q,
      scope,
      mode,
      ...(kind ? { kinds: [kind] } : {}),
      ...(query.limit === undefined ? {} : { limit }),
    });
    return jsonResponse({ hits });
  },
  { role: 'viewer' },
);

/** Stores `{ scope: { level, id? }, kind, content, key?, metadata?, pinned?, expiresAt? }`; a fact with an existing key supersedes it. */
export const POST = route(
  async ({ request, principal, platform }) => {
    const item = await platform.memory.store(principal, await readJsonBody(request));
    return jsonResponse(item, 201, { Location: `/api/v1/memories/${item.id}` });
  },
  { role: 'operator' },
);
