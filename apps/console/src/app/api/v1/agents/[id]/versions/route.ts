import { saveAgentVersionRequestSchema } from '~/server/http/openapi/agent-request-schemas';
import { parseRequest } from '~/server/http/openapi/parse-request';
import { readJsonBody } from '~/server/http/read-json-body';
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

/**
 * Saves `{ config, name?, description? }` as the next version (201), validated like the console's
 * editor; a config equal to the latest version's makes none and answers 200 with `created: false`.
 */
export const POST = route<{ id: string }>(
  async ({ request, principal, platform, parameters }) => {
    const body = parseRequest(saveAgentVersionRequestSchema, await readJsonBody(request));
    const saved = await platform.agents.saveVersion(principal, { ...body, agentId: parameters.id });
    return jsonResponse(saved, saved.created ? 201 : 200);
  },
  { role: 'admin' },
);
