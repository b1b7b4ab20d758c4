import { createAgentInputSchema } from '@agentloom/platform';
import { parseRequest } from '~/server/http/openapi/parse-request';
import { queryParameters } from '~/server/http/query-parameters';
import { readJsonBody } from '~/server/http/read-json-body';
import { jsonResponse, route } from '~/server/http/route';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

/** The tenant's agents by name, `?includeArchived` → `{ agents }` (id, slug, name, latest version). */
export const GET = route(
  async ({ request, principal, platform }) => {
    return jsonResponse({ agents: await platform.agents.list(principal, queryParameters(request, [], ['includeArchived'])) });
  },
  { role: 'viewer' },
);

/**
 * Creates an agent with version 1 `{ slug, name, description?, config }`, with the console's
 * validation: unknown tools, a config that cannot run and model URLs the outbound policy refuses are 400s.
 */
export const POST = route(
  async ({ request, principal, platform }) => {
    const agent = await platform.agents.create(principal, parseRequest(createAgentInputSchema, await readJsonBody(request)));
    return jsonResponse(agent, 201, { Location: `/api/v1/agents/${agent.id}` });
  },
  { role: 'admin' },
);
