import type { ApiOperation } from '../api-operation';
import { callerSchema, eraseReceiptSchema, openApiDocumentSchema } from '../../views/account-views';
import { eraseRequestSchema } from '../request-schemas';

/** Who is calling, erasure and the document itself. */
export const accountOperations: ApiOperation[] = [
  {
    method: 'get',
    path: '/api/v1/me',
    operationId: 'getCaller',
    tag: 'Account',
    summary: 'Who this key is',
    role: 'viewer',
    success: { status: 200, schema: callerSchema, description: '`{ tenantId, tenantName, apiKeyId, apiKeyName, role }`.' },
  },
  {
    method: 'post',
    path: '/api/v1/erase',
    operationId: 'erase',
    tag: 'Erase',
    summary: 'Erase a run, a thread or the whole tenant',
    description:
      'Deletes every row the unit produced (messages, tool calls, events, checkpoints, approvals, memory items, injections, embeddings) in one transaction. Queued or running work is a 409; for `tenant`, `id` is your own tenant id (see `GET /api/v1/me`).',
    role: 'admin',
    body: eraseRequestSchema,
    success: { status: 200, schema: eraseReceiptSchema, description: 'The receipt `{ unit, id, tenantId, counts: { table: rows }, erasedAt }`.' },
    errors: [404, 409],
  },
  {
    method: 'get',
    path: '/api/v1/openapi.json',
    operationId: 'getOpenApiDocument',
    tag: 'Account',
    summary: 'This OpenAPI 3.1 document',
    role: 'public',
    success: { status: 200, schema: openApiDocumentSchema, description: 'The document.' },
  },
];
