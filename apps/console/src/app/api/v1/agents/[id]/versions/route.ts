import { jsonResponse, route } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** The agent's versions, newest first → `{ versions }` (number, hash, who saved it, when). */
export const GET = route<{ id: string }>(
  async ({ principal, platform, parameters }) => {
    return jsonResponse(await platform.agents.versions(principal, { agentId: parameters.id }));
  },
  { role: 'viewer' },
);
