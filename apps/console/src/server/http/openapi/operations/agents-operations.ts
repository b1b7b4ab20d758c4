import { listAgentsInputSchema } from '@agentloom/platform';

import type { ApiOperation } from '../api-operation';
import { agentDetailSchema, agentListSchema, agentVersionListSchema, agentVersionSchema } from '../../views/agent-views';

const agentId = { id: 'The agent id (uuid).' };

/** The tenant's agents and their immutable versions (read only over REST). */
export const agentsOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/api/v1/agents',
    operationId: 'listAgents',
    tag: 'Agents',
    summary: "List the tenant's agents",
    role: 'viewer',
    query: listAgentsInputSchema.unwrap(),
    success: { status: 200, schema: agentListSchema, description: '`{ agents: [{ id, slug, name, description, latestVersion, archived, createdAt }] }`.' },
  },
  {
    method: 'get',
    path: '/api/v1/agents/{id}',
    operationId: 'getAgent',
    tag: 'Agents',
    summary: 'Read one agent with its latest config',
    description: 'Secrets in the config are redacted.',
    role: 'viewer',
    pathParameters: agentId,
    success: { status: 200, schema: agentDetailSchema, description: 'The agent.' },
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/v1/agents/{id}/versions',
    operationId: 'listAgentVersions',
    tag: 'Agents',
    summary: "List an agent's versions, newest first",
    role: 'viewer',
    pathParameters: agentId,
    success: { status: 200, schema: agentVersionListSchema, description: '`{ versions }`.' },
    errors: [404],
  },
  {
    method: 'get',
    path: '/api/v1/agents/{id}/versions/{version}',
    operationId: 'getAgentVersion',
    tag: 'Agents',
    summary: 'Read one version of an agent',
    role: 'viewer',
    pathParameters: { ...agentId, version: 'The version number: 1, 2, …' },
    success: { status: 200, schema: agentVersionSchema, description: 'The version with its config (secrets redacted).' },
    errors: [404],
  },
];
