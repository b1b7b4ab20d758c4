import { AgentLoomApiError } from '../api-error.ts';
import type { Transport } from '../transport.ts';
import type { Agent } from '../types.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The tenant's agents. */
export function agentsResource(transport: Transport) {
  const list = async (input: { includeArchived?: boolean } = {}): Promise<Agent[]> =>
    (await transport.json<{ agents: Agent[] }>('GET', '/api/v1/agents', { query: { ...input } })).agents;
  return {
    list,
    /** An agent by slug (`demo-researcher`) or id; kind `not-found` when the tenant has none such. */
    async resolve(slugOrId: string): Promise<Agent> {
      const agents = await list();
      const agent = agents.find((candidate) => (uuidPattern.test(slugOrId) ? candidate.id === slugOrId.toLowerCase() : candidate.slug === slugOrId));
      if (!agent)
        throw new AgentLoomApiError({
          kind: 'not-found',
          message: `No agent ${slugOrId} (known: ${agents.map((known) => known.slug).join(', ')})`,
          status: 404,
        });
      return agent;
    },
  };
}
