import { createApiKeyInputSchema } from '@agentloom/platform';

import type { ApiOperation } from '../api-operation';
import { apiKeyListSchema, apiKeySchema, createdApiKeySchema } from '../../views/account-views';

/** The tenant's API keys (admin). */
export const apiKeysOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/api/v1/api-keys',
    operationId: 'listApiKeys',
    tag: 'API keys',
    summary: "List the tenant's API keys",
    description: 'Prefixes, roles, last use and revocation; never secrets.',
    role: 'admin',
    success: { status: 200, schema: apiKeyListSchema, description: '`{ apiKeys }`.' },
  },
  {
    method: 'post',
    path: '/api/v1/api-keys',
    operationId: 'createApiKey',
    tag: 'API keys',
    summary: 'Create an API key',
    role: 'admin',
    body: createApiKeyInputSchema,
    success: { status: 201, schema: createdApiKeySchema, description: 'The key; its `key` field is the only time the secret is shown.' },
  },
  {
    method: 'delete',
    path: '/api/v1/api-keys/{id}',
    operationId: 'revokeApiKey',
    tag: 'API keys',
    summary: 'Revoke an API key',
    role: 'admin',
    pathParameters: { id: 'The API key id (uuid).' },
    success: { status: 200, schema: apiKeySchema, description: 'The key with `revokedAt` set; it stops authenticating at once.' },
    errors: [404],
  },
];
