import { parseRequest } from '~/server/http/openapi/parse-request';
import { updateThreadRequestSchema } from '~/server/http/openapi/request-schemas';
import { readJsonBody } from '~/server/http/read-json-body';
import { jsonResponse, route } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** One thread of the caller's tenant; 404 for unknown and foreign ids alike. */
export const GET = route<{ id: string }>(
  async ({ principal, platform, parameters }) => {
    return jsonResponse(await platform.threads.get(principal, { threadId: parameters.id }));
  },
  { role: 'viewer' },
);

/** Renames `{ title }` and/or archives `{ archived: true }` a thread; archiving is one-way and idempotent. */
export const PATCH = route<{ id: string }>(
  async ({ request, principal, platform, parameters }) => {
    const { title, archived } = parseRequest(updateThreadRequestSchema, await readJsonBody(request));
    let thread =
      title === undefined
        ? await platform.threads.get(principal, { threadId: parameters.id })
        : await platform.threads.rename(principal, { threadId: parameters.id, title });
    if (archived) thread = await platform.threads.archive(principal, { threadId: parameters.id });
    return jsonResponse(thread);
  },
  { role: 'operator' },
);
