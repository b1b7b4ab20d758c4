import { jsonResponse, route } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** Connects and lists the tools with schema hashes; a server that cannot be used answers `status: 'failed'` with its `errorKind`. */
export const POST = route<{ id: string }>(
  async ({ principal, platform, parameters }) => {
    return jsonResponse(await platform.mcpServers.test(principal, { mcpServerId: parameters.id }));
  },
  { role: 'admin' },
);
