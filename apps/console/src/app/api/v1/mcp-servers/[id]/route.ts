import { jsonResponse, route } from '~/server/http/route';
import { readJsonBody } from '~/server/http/read-json-body';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export const GET = route<{ id: string }>(
  async ({ principal, platform, parameters }) => {
    return jsonResponse(await platform.mcpServers.get(principal, { mcpServerId: parameters.id }));
  },
  { role: 'admin' },
);

/** Changes the description, command, URL or headers (`null` removes a header; one left out keeps its value while the URL stays). */
export const PATCH = route<{ id: string }>(
  async ({ request, principal, platform, parameters }) => {
    const body = await readJsonBody(request);
    return jsonResponse(await platform.mcpServers.update(principal, { ...(typeof body === 'object' && body !== null ? body : {}), mcpServerId: parameters.id }));
  },
  { role: 'admin' },
);

/** Deletes the server; agent versions attaching it fail their next run with `resume-mismatch`. */
export const DELETE = route<{ id: string }>(
  async ({ principal, platform, parameters }) => {
    return jsonResponse(await platform.mcpServers.delete(principal, { mcpServerId: parameters.id }));
  },
  { role: 'admin' },
);
