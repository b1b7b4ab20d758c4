import { jsonResponse, route } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** One agent with its latest version's config (secrets redacted); 404 for unknown and foreign ids alike. */
export const GET = route<{ id: string }>(
  async ({ principal, platform, parameters }) => {
    return jsonResponse(await platform.agents.get(principal, { agentId: parameters.id }));
  },
  { role: 'viewer' },
);
