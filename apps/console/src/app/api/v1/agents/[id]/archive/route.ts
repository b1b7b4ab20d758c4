import { jsonResponse, route } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** Archives the agent: it keeps its versions and runs but starts no new runs. Idempotent. */
export const POST = route<{ id: string }>(
  async ({ principal, platform, parameters }) => {
    return jsonResponse(await platform.agents.archive(principal, { agentId: parameters.id }));
  },
  { role: 'admin' },
);

/** Unarchives the agent. Idempotent. */
export const DELETE = route<{ id: string }>(
  async ({ principal, platform, parameters }) => {
    return jsonResponse(await platform.agents.unarchive(principal, { agentId: parameters.id }));
  },
  { role: 'admin' },
);
