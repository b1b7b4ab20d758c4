import { jsonResponse, route } from '~/server/http/route';
import { readJsonBody } from '~/server/http/read-json-body';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** The tenant's MCP servers (header names only) and the operator's stdio allow-list entry names. */
export const GET = route(
  async ({ principal, platform }) => {
    return jsonResponse(await platform.mcpServers.list(principal));
  },
  { role: 'admin' },
);

/** Adds a server: `{ name, transport: 'stdio', stdioCommand }` or `{ name, transport: 'streamable-http', url, headers? }`. */
export const POST = route(
  async ({ request, principal, platform }) => {
    const created = await platform.mcpServers.create(principal, await readJsonBody(request));
    return jsonResponse(created, 201, { Location: `/api/v1/mcp-servers/${created.id}` });
  },
  { role: 'admin' },
);
