import type { ApiOperation } from './api-operation';
import { jsonSchemaFor, type JsonSchema } from './json-schema-for';
import { responseReference, viewComponents } from './response-schemas';

/** What every error answers, whatever the status. */
const errorSchema: JsonSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['kind', 'message'],
      properties: {
        kind: {
          type: 'string',
          description:
            'validation, unauthenticated, forbidden, tenant-suspended, not-found, conflict, method-not-allowed, payload-too-large, uri-too-long, rate-limited, unavailable, internal',
        },
        message: { type: 'string' },
        field: { type: 'string', description: 'The input field at fault, when there is one (`agentId`, `scope.id`, `limit`).' },
      },
    },
  },
};

const errorDescriptions: Record<number, string> = {
  400: 'Invalid input; `error.field` names the field.',
  401: 'No API key, or not a valid one.',
  403: "The key's role is below the one this operation needs (`forbidden`), the tenant is suspended (`tenant-suspended`), or the key is of the wrong kind (an operator key on tenant routes, a tenant key on `/api/v1/tenants`).",
  404: 'Unknown id, or one of another tenant (never told apart).',
  409: 'Conflicts with the current state (already decided, still running, idempotency key reused).',
};

/** What each tag groups (linters ask for it; a new tag should get a line here). */
const tagDescriptions: Record<string, string> = {
  Runs: 'Start runs of agents, read them, follow their events, inspect their steps, retry and compare them.',
  Approvals: 'Tool calls waiting for a human decision, and the decision.',
  Threads: 'Conversations that runs continue.',
  Memories: 'Long-term memory: items, search, pins, forgetting, and what extraction decided after runs.',
  Agents: "The tenant's agents and their immutable versions.",
  'API keys': "The tenant's API keys (admin).",
  'Usage and audit': 'Tokens, cost and outcomes; who did what, when.',
  Account: 'Who the key is, and this document.',
  Erase: 'Deleting a run, a thread or the whole tenant with every row it produced.',
  Webhooks: 'Endpoints that receive signed events, their deliveries and redelivery.',
  'MCP servers': "The tenant's MCP servers (admin): agents attach them by name; auth headers are stored sealed and never returned.",
  Tenants: 'The instance operator (operator key only): tenants, their settings, suspension, erasure and first admin key.',
  Schedules: 'Cron and interval schedules that start runs of an agent, each slot exactly once; pause, resume and preview.',
  Batches: 'N inputs of one agent run as a batch with a concurrency cap: progress, partial results, cancel, retry of failed items, JSONL/CSV export; and the tenant and agent concurrency limits every claim holds.',
  Evaluations: 'Datasets of recorded runs and experiments that replay them against an agent version, with scores.',
};

/** The OpenAPI 3.1 document for the operations, built from their zod schemas on each call (cheap). */
export function buildOpenApiDocument(operations: readonly ApiOperation[], version: string): Record<string, unknown> {
  const schemas: Record<string, JsonSchema> = { ...viewComponents(), Error: errorSchema };
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operations) {
    paths[operation.path] ??= {};
    paths[operation.path]![operation.method] = operationObject(operation, schemas);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'AgentLoom API',
      version,
      description:
        'Durable agent runs, approvals, threads and memory. Authenticate with `Authorization: Bearer <API key>`; each key carries a tenant and a role (viewer < operator < admin). Every response carries `X-Request-Id`.',
    },
    servers: [{ url: '/' }],
    tags: [...new Set(operations.map((operation) => operation.tag))].map((name) => ({ name, ...(tagDescriptions[name] ? { description: tagDescriptions[name] } : {}) })),
    paths,
    components: {
      schemas,
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'An AgentLoom API key (`al_…`).' },
        operatorKey: {
          type: 'http',
          scheme: 'bearer',
          description: 'The instance operator key (`alop_…`, in `<data dir>/operator-key`); only `/api/v1/tenants` accepts it.',
        },
      },
    },
  };
}

function operationObject(operation: ApiOperation, schemas: Record<string, JsonSchema>): Record<string, unknown> {
  const prefix = operation.operationId.charAt(0).toUpperCase() + operation.operationId.slice(1);
  const parameters = [
    ...Object.entries(operation.pathParameters ?? {}).map(([name, description]) => ({
      name,
      in: 'path',
      required: true,
      description,
      schema: { type: 'string' },
    })),
    ...(operation.query ? queryParameters(jsonSchemaFor(operation.query, `${prefix}Query`, schemas)) : []),
    ...Object.entries(operation.headers ?? {}).map(([name, description]) => ({ name, in: 'header', required: false, description, schema: { type: 'string' } })),
  ];
  // A public operation needs no key, but the edge still refuses a malformed request (a bad percent-escape) with 400.
  const errorStatuses = operation.role === 'public' ? [400] : [400, 401, 403, ...(operation.errors ?? [])];
  return {
    operationId: operation.operationId,
    tags: [operation.tag],
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    security: operation.role === 'public' ? [] : [{ [operation.role === 'instanceAdmin' ? 'operatorKey' : 'apiKey']: [] }],
    'x-agentloom-role': operation.role,
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(operation.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: jsonSchemaFor(operation.body, `${prefix}Body`, schemas) } } } }
      : {}),
    responses: {
      ...successResponses(operation),
      ...Object.fromEntries((operation.emptyAnswers ?? []).map((answer) => [String(answer.status), { description: answer.description }])),
      ...Object.fromEntries(
        errorStatuses.map((status) => [
          String(status),
          { description: errorDescriptions[status] ?? 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
        ]),
      ),
    },
  };
}

/** The success status (and any other 2xx with the same body), each with every content type it answers. */
function successResponses(operation: ApiOperation): Record<string, unknown> {
  const { success, operationId } = operation;
  const content: Record<string, unknown> = success.lines
    ? // Like a stream's frames, a download's lines name their schema with `contentSchema`.
      Object.fromEntries(
        Object.entries(success.lines).map(([type, description]) => [type, { schema: { type: 'string', description, contentSchema: responseReference(success.schema, operationId) } }]),
      )
    : { 'application/json': { schema: responseReference(success.schema, operationId) } };
  if (success.eventStream) {
    // OpenAPI 3.1 has no item schema for streams (3.2's `itemSchema`); `contentSchema` names what each frame's `data:` holds.
    content['text/event-stream'] = {
      schema: { type: 'string', description: success.eventStream.description, contentSchema: responseReference(success.eventStream.frameSchema, operationId) },
    };
  }
  return Object.fromEntries(
    [{ status: success.status, description: success.description }, ...(success.alsoStatuses ?? [])].map((answer) => [
      String(answer.status),
      { description: answer.description, content },
    ]),
  );
}

/** One query parameter per property of the object schema, with its own description and default. */
function queryParameters(schema: JsonSchema): Record<string, unknown>[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...propertySchema } = property;
    return { name, in: 'query', required: required.has(name), ...(typeof description === 'string' ? { description } : {}), schema: propertySchema };
  });
}
