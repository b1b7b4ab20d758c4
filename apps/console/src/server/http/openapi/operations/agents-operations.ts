import { createAgentInputSchema, listAgentsInputSchema } from '@agentloom/platform';

import { saveAgentVersionRequestSchema } from '../agent-request-schemas';
import type { ApiOperation } from '../api-operation';
import { agentDetailSchema, agentListSchema, agentSchema, agentVersionListSchema, agentVersionSchema, savedAgentVersionSchema } from '../../views/agent-views';

const agentId = { id: 'The agent id (uuid).' };

const sameValidation =
  'Validated as in the console: unknown tools, a config that cannot run (no model and no demo script) and model URLs the outbound policy refuses are 400s naming the field.';

/** The tenant's agents and their immutable versions. */
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
  {
    method: 'post',
    path: '/api/v1/agents',
    operationId: 'createAgent',
    tag: 'Agents',
    summary: 'Create an agent with version 1',
    description: sameValidation,
    role: 'admin',
    body: createAgentInputSchema,
    success: { status: 201, description: 'The agent with its first version.', schema: agentDetailSchema },
    errors: [409],
  },
  {
    method: 'post',
    path: '/api/v1/agents/{id}/versions',
    operationId: 'saveAgentVersion',
    tag: 'Agents',
    summary: 'Save a config as the next version',
    description: `${sameValidation} A config equal to the latest version's makes no version: 200 with \`created: false\`.`,
    role: 'admin',
    pathParameters: agentId,
    body: saveAgentVersionRequestSchema,
    success: {
      status: 201,
      description: '`{ agent, version, created }`: a new version.',
      schema: savedAgentVersionSchema,
      alsoStatuses: [{ status: 200, description: 'The config equalled the latest version\'s: no new version, `created: false`.' }],
    },
    errors: [404],
  },
  {
    method: 'post',
    path: '/api/v1/agents/{id}/archive',
    operationId: 'archiveAgent',
    tag: 'Agents',
    summary: 'Archive an agent (no new runs; versions and runs stay)',
    role: 'admin',
    pathParameters: agentId,
    success: { status: 200, description: 'The agent.', schema: agentSchema },
    errors: [404],
  },
  {
    method: 'delete',
    path: '/api/v1/agents/{id}/archive',
    operationId: 'unarchiveAgent',
    tag: 'Agents',
    summary: 'Unarchive an agent',
    role: 'admin',
    pathParameters: agentId,
    success: { status: 200, description: 'The agent.', schema: agentSchema },
    errors: [404],
  },
];
