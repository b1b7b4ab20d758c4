import { AgentLoomApiError } from '../api-error.ts';
import { pathSegment } from '../path-segment.ts';
import type { Transport } from '../transport.ts';
import type { Agent, AgentDetail, JsonValue, SavedAgentVersion, VersionFeedbackList } from '../types.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What creating an agent takes; `config` is validated as in the console (it must be able to run). */
export interface CreateAgentInput {
  slug: string;
  name: string;
  description?: string;
  config: Record<string, JsonValue>;
}

/** A new version's config; name and description change the agent in place. */
export interface SaveAgentVersionInput {
  config: Record<string, JsonValue>;
  name?: string;
  description?: string;
}

/** The tenant's agents: read by anyone, written by admin keys. */
export function agentsResource(transport: Transport) {
  const list = async (input: { includeArchived?: boolean } = {}): Promise<Agent[]> =>
    (await transport.json<{ agents: Agent[] }>('GET', '/api/v1/agents', { query: { ...input } })).agents;
  const agentPath = (agentId: string) => `/api/v1/agents/${pathSegment('agentId', agentId)}`;
  return {
    list,
    /** An agent by slug (`demo-researcher`) or id; kind `not-found` when the tenant has none such. */
    async resolve(slugOrId: string, input: { includeArchived?: boolean } = {}): Promise<Agent> {
      const agents = await list(input);
      const agent = agents.find((candidate) => (uuidPattern.test(slugOrId) ? candidate.id === slugOrId.toLowerCase() : candidate.slug === slugOrId));
      if (!agent)
        throw new AgentLoomApiError({
          kind: 'not-found',
          message: `No agent ${slugOrId} (known: ${agents.map((known) => known.slug).join(', ')})`,
          status: 404,
        });
      return agent;
    },
    /** One agent with its latest version's config. */
    async get(agentId: string): Promise<AgentDetail> {
      return transport.json('GET', agentPath(agentId));
    },
    /** Creates an agent with version 1 (admin key). */
    create(input: CreateAgentInput): Promise<AgentDetail> {
      return transport.json('POST', '/api/v1/agents', { body: input });
    },
    /** Saves the config as the next version (admin key); an unchanged config makes none (`created: false`). */
    async saveVersion(agentId: string, input: SaveAgentVersionInput): Promise<SavedAgentVersion> {
      return transport.json('POST', `${agentPath(agentId)}/versions`, { body: input });
    },
    /** Archives the agent: no new runs; its versions and runs stay (admin key). */
    async archive(agentId: string): Promise<Agent> {
      return transport.json('POST', `${agentPath(agentId)}/archive`);
    },
    async unarchive(agentId: string): Promise<Agent> {
      return transport.json('DELETE', `${agentPath(agentId)}/archive`);
    },
    /** Feedback per version (entries, mean reward, label counts), newest version first; scorer verdicts only with `includeScorers`. */
    async feedback(agentId: string, options: { includeScorers?: boolean } = {}): Promise<VersionFeedbackList> {
      return transport.json('GET', `${agentPath(agentId)}/feedback`, { query: options.includeScorers ? { includeScorers: 'true' } : {} });
    },
  };
}
