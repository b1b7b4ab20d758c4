import { expect, it } from 'vitest';

import { call, resources } from './support';

/** The account, agents and API keys. */
export function describeAccountResponses(): void {
  it('account: the document itself, the caller', async () => {
    await call('getOpenApiDocument', '/api/v1/openapi.json', { apiKey: null });
    await call('getCaller', '/api/v1/me');
  });

  it('agents and their versions', async () => {
    const { agents } = await call<{ agents: { id: string }[] }>('listAgents', '/api/v1/agents?includeArchived=true');
    expect(agents.length).toBeGreaterThan(0);
    await call('getAgent', `/api/v1/agents/${resources.agentId}`);
    await call('listAgentVersions', `/api/v1/agents/${resources.agentId}/versions`);
    await call('getAgentVersion', `/api/v1/agents/${resources.agentId}/versions/1`);
  });

  it('API keys: list, create, revoke', async () => {
    await call('listApiKeys', '/api/v1/api-keys');
    const created = await call<{ id: string }>('createApiKey', '/api/v1/api-keys', { body: { name: 'openapi check', role: 'viewer' } });
    await call('revokeApiKey', `/api/v1/api-keys/${created.id}`);
  });
}
