import { randomUUID } from 'node:crypto';

import type { Role } from '@agentloom/platform';

/** A decision id no tenant has (the matrix's runs make no extraction decisions): every caller gets 404. */
const absentDecisionId = '01900000-0000-7000-8000-00000000d0c1';

/** One resource of each type in a tenant, by id (the matrix creates them in tenant A). */
export interface TenantResources {
  tenantId: string;
  agentId: string;
  /** A run paused on an approval. */
  runId: string;
  /** A finished run (steps, checkpoints, messages). */
  finishedRunId: string;
  checkpointSeq: number;
  approvalId: string;
  threadId: string;
  memoryItemId: string;
  apiKeyId: string;
  webhookId: string;
  deliveryId: string;
  /** An MCP server whose auth header carries the marker. */
  mcpServerId: string;
  /** A paused schedule whose name carries the marker. */
  scheduleId: string;
  /** A batch of one item whose name and input carry the marker. */
  batchId: string;
  /** Text only tenant A's data contains: no answer to another tenant may include it. */
  marker: string;
}

/** Resources that do not exist: allowed roles reach the service and get 404, nothing is changed. */
export function phantomResources(): TenantResources {
  return {
    tenantId: randomUUID(),
    agentId: randomUUID(),
    runId: randomUUID(),
    finishedRunId: randomUUID(),
    checkpointSeq: 1,
    approvalId: randomUUID(),
    threadId: randomUUID(),
    memoryItemId: randomUUID(),
    apiKeyId: randomUUID(),
    webhookId: randomUUID(),
    deliveryId: randomUUID(),
    mcpServerId: randomUUID(),
    scheduleId: randomUUID(),
    batchId: randomUUID(),
    marker: 'phantom',
  };
}

/**
 * What another tenant's admin must get: `not-found` when the call names tenant A's resource
 * (404, never 403); `scoped` when it only reads or writes the caller's own tenant (no A data in
 * the answer); `empty-search` for searches, which must find nothing of A's; `operator-only` for
 * the instance operator's routes, which refuse every tenant key with 403 `forbidden`.
 */
export type Isolation = 'not-found' | 'scoped' | 'empty-search' | 'operator-only';

export interface RestCase {
  isolation: Isolation;
  path: (resources: TenantResources) => string;
  body?: (resources: TenantResources) => unknown;
}

export interface ProcedureCase {
  isolation: Isolation;
  input?: (resources: TenantResources) => unknown;
  /**
   * For a procedure every allowed role may call but whose answer depends on the role: the keys of
   * the answer each role must get, exactly (the role matrix checks them).
   */
  answerKeys?: (caller: Role) => string[];
}

/** `health.report` as an admin gets it; every other role gets the status alone, as from `/api/health` (ADR 0007). */
const healthReportKeys = ['checkedAt', 'database', 'memoryEmbedder', 'migrations', 'status', 'vectorSearch', 'versions'];

/**
 * Every `/api/v1` method, keyed `METHOD /api/v1/path/{param}` as the route files declare them.
 * The matrix fails when a route file exports a method missing here, so new routes get covered.
 */
export const restCases: Record<string, RestCase> = {
  'GET /api/v1/agents': { isolation: 'scoped', path: () => '/api/v1/agents?includeArchived=true' },
  'POST /api/v1/agents': {
    isolation: 'scoped',
    path: () => '/api/v1/agents',
    body: () => ({ slug: `matrix-${randomUUID().slice(0, 8)}`, name: 'Matrix agent', config: { demoScript: { replies: [{ text: 'Done.' }] } } }),
  },
  'POST /api/v1/agents/{id}/versions': {
    isolation: 'not-found',
    path: (r) => `/api/v1/agents/${r.agentId}/versions`,
    body: () => ({ config: { demoScript: { replies: [{ text: 'hijacked' }] } } }),
  },
  'POST /api/v1/agents/{id}/archive': { isolation: 'not-found', path: (r) => `/api/v1/agents/${r.agentId}/archive` },
  'DELETE /api/v1/agents/{id}/archive': { isolation: 'not-found', path: (r) => `/api/v1/agents/${r.agentId}/archive` },
  'GET /api/v1/agents/{id}': { isolation: 'not-found', path: (r) => `/api/v1/agents/${r.agentId}` },
  'GET /api/v1/agents/{id}/versions': { isolation: 'not-found', path: (r) => `/api/v1/agents/${r.agentId}/versions` },
  'GET /api/v1/agents/{id}/versions/{version}': { isolation: 'not-found', path: (r) => `/api/v1/agents/${r.agentId}/versions/1` },
  'GET /api/v1/api-keys': { isolation: 'scoped', path: () => '/api/v1/api-keys' },
  'POST /api/v1/api-keys': { isolation: 'scoped', path: () => '/api/v1/api-keys', body: () => ({ name: 'matrix key', role: 'viewer' }) },
  'DELETE /api/v1/api-keys/{id}': { isolation: 'not-found', path: (r) => `/api/v1/api-keys/${r.apiKeyId}` },
  'GET /api/v1/approvals': { isolation: 'scoped', path: (r) => `/api/v1/approvals?runId=${r.runId}` },
  'POST /api/v1/approvals/{id}/decision': {
    isolation: 'not-found',
    path: (r) => `/api/v1/approvals/${r.approvalId}/decision`,
    body: () => ({ decision: 'reject', reason: 'matrix' }),
  },
  // Tenant B naming A's approval gets a `refused: not-found` outcome (200); the matrix then checks the approval is still pending.
  'POST /api/v1/approvals/decisions': {
    isolation: 'scoped',
    path: () => '/api/v1/approvals/decisions',
    body: (r) => ({ approvalIds: [r.approvalId], decision: 'reject', reason: 'matrix' }),
  },
  'GET /api/v1/audit-log': { isolation: 'scoped', path: (r) => `/api/v1/audit-log?targetId=${r.runId}` },
  'POST /api/v1/erase': { isolation: 'not-found', path: () => '/api/v1/erase', body: (r) => ({ target: 'run', id: r.finishedRunId }) },
  // Durable waits (ADR 0044): a key tenant B does not hold is unknown to it; a run of A is not found.
  'POST /api/v1/events': { isolation: 'not-found', path: () => '/api/v1/events', body: (r) => ({ correlationKey: `matrix-${r.runId}`, payload: { ok: true } }) },
  'GET /api/v1/runs/{id}/waits': { isolation: 'not-found', path: (r) => `/api/v1/runs/${r.runId}/waits` },
  // Feedback (ADR 0051): another tenant's run or agent is not found, for reads and writes.
  'GET /api/v1/runs/{id}/feedback': { isolation: 'not-found', path: (r) => `/api/v1/runs/${r.finishedRunId}/feedback` },
  'POST /api/v1/runs/{id}/feedback': { isolation: 'not-found', path: (r) => `/api/v1/runs/${r.finishedRunId}/feedback`, body: () => ({ label: 'matrix', reward: 1 }) },
  'GET /api/v1/agents/{id}/feedback': { isolation: 'not-found', path: (r) => `/api/v1/agents/${r.agentId}/feedback` },
  // Evaluations (ADR 0048): datasets are named per tenant, so tenant A's names are unknown to B.
  'GET /api/v1/datasets': { isolation: 'scoped', path: () => '/api/v1/datasets' },
  'POST /api/v1/datasets': { isolation: 'scoped', path: () => '/api/v1/datasets', body: () => ({ name: `matrix-${randomUUID().slice(0, 8)}` }) },
  'GET /api/v1/datasets/{name}': { isolation: 'not-found', path: () => '/api/v1/datasets/matrix-tenant-a' },
  'POST /api/v1/datasets/{name}/cases': { isolation: 'not-found', path: () => '/api/v1/datasets/matrix-tenant-a/cases', body: () => ({ jsonl: JSON.stringify({ input: 'hand-written' }) }) },
  'POST /api/v1/datasets/{name}/runs': { isolation: 'not-found', path: () => '/api/v1/datasets/matrix-tenant-a/runs', body: (r) => ({ runIds: [r.finishedRunId] }) },
  'POST /api/v1/experiments': { isolation: 'not-found', path: () => '/api/v1/experiments', body: (r) => ({ dataset: 'matrix-tenant-a', agentId: r.agentId, agentVersion: 1 }) },
  'GET /api/v1/experiments/{id}': { isolation: 'not-found', path: (r) => `/api/v1/experiments/${r.runId}` },
  'GET /api/v1/me': { isolation: 'scoped', path: () => '/api/v1/me' },
  'GET /api/v1/memories': { isolation: 'empty-search', path: (r) => `/api/v1/memories?q=${encodeURIComponent(r.marker)}` },
  'POST /api/v1/memories': {
    isolation: 'scoped',
    path: () => '/api/v1/memories',
    body: () => ({ scope: { level: 'project' }, kind: 'fact', content: 'matrix note' }),
  },
  'POST /api/v1/memories/search': {
    isolation: 'empty-search',
    path: () => '/api/v1/memories/search',
    body: (r) => ({ text: r.marker, scope: { threadId: r.threadId, agentId: r.agentId } }),
  },
  'GET /api/v1/memories/{id}': { isolation: 'not-found', path: (r) => `/api/v1/memories/${r.memoryItemId}` },
  'DELETE /api/v1/memories/{id}': { isolation: 'not-found', path: (r) => `/api/v1/memories/${r.memoryItemId}` },
  'POST /api/v1/memories/{id}/pin': { isolation: 'not-found', path: (r) => `/api/v1/memories/${r.memoryItemId}/pin` },
  'DELETE /api/v1/memories/{id}/pin': { isolation: 'not-found', path: (r) => `/api/v1/memories/${r.memoryItemId}/pin` },
  'GET /api/v1/openapi.json': { isolation: 'scoped', path: () => '/api/v1/openapi.json' },
  'GET /api/v1/runs': { isolation: 'scoped', path: () => '/api/v1/runs' },
  'POST /api/v1/runs': { isolation: 'not-found', path: () => '/api/v1/runs', body: (r) => ({ agentId: r.agentId, input: 'matrix' }) },
  'GET /api/v1/runs/{id}': { isolation: 'not-found', path: (r) => `/api/v1/runs/${r.runId}` },
  'POST /api/v1/runs/{id}/cancel': { isolation: 'not-found', path: (r) => `/api/v1/runs/${r.runId}/cancel` },
  'POST /api/v1/runs/{id}/resume': { isolation: 'not-found', path: (r) => `/api/v1/runs/${r.runId}/resume` },
  'GET /api/v1/runs/{id}/compare': { isolation: 'not-found', path: (r) => `/api/v1/runs/${r.finishedRunId}/compare?with=${r.runId}` },
  'POST /api/v1/runs/{id}/retry': { isolation: 'not-found', path: (r) => `/api/v1/runs/${r.finishedRunId}/retry` },
  'POST /api/v1/runs/{id}/rerun': { isolation: 'not-found', path: (r) => `/api/v1/runs/${r.finishedRunId}/rerun` },
  'POST /api/v1/runs/{id}/fork': {
    isolation: 'not-found',
    path: (r) => `/api/v1/runs/${r.finishedRunId}/fork`,
    body: (r) => ({ stepIndex: r.checkpointSeq, appendMessage: 'matrix' }),
  },
  'GET /api/v1/runs/{id}/events': { isolation: 'not-found', path: (r) => `/api/v1/runs/${r.finishedRunId}/events` },
  'GET /api/v1/runs/{id}/messages': { isolation: 'not-found', path: (r) => `/api/v1/runs/${r.finishedRunId}/messages` },
  'GET /api/v1/runs/{id}/steps': { isolation: 'not-found', path: (r) => `/api/v1/runs/${r.finishedRunId}/steps` },
  'GET /api/v1/runs/{id}/steps/{index}': { isolation: 'not-found', path: (r) => `/api/v1/runs/${r.finishedRunId}/steps/0` },
  'GET /api/v1/runs/{id}/steps/find': { isolation: 'not-found', path: (r) => `/api/v1/runs/${r.finishedRunId}/steps/find?errors=true` },
  'GET /api/v1/runs/{id}/search': { isolation: 'not-found', path: (r) => `/api/v1/runs/${r.finishedRunId}/search?q=${r.marker}` },
  'GET /api/v1/memory-decisions': { isolation: 'scoped', path: (r) => `/api/v1/memory-decisions?runId=${r.finishedRunId}` },
  'POST /api/v1/memory-decisions/{id}/undo': { isolation: 'not-found', path: () => `/api/v1/memory-decisions/${absentDecisionId}/undo` },
  'GET /api/v1/threads': { isolation: 'scoped', path: (r) => `/api/v1/threads?agentId=${r.agentId}` },
  'POST /api/v1/threads': { isolation: 'not-found', path: () => '/api/v1/threads', body: (r) => ({ agentId: r.agentId, title: 'matrix' }) },
  'GET /api/v1/threads/{id}': { isolation: 'not-found', path: (r) => `/api/v1/threads/${r.threadId}` },
  'PATCH /api/v1/threads/{id}': { isolation: 'not-found', path: (r) => `/api/v1/threads/${r.threadId}`, body: () => ({ title: 'renamed by matrix' }) },
  'GET /api/v1/threads/{id}/messages': { isolation: 'not-found', path: (r) => `/api/v1/threads/${r.threadId}/messages` },
  'GET /api/v1/usage': { isolation: 'scoped', path: (r) => `/api/v1/usage?agentId=${r.agentId}` },
  'GET /api/v1/budgets': { isolation: 'scoped', path: () => '/api/v1/budgets' },
  'POST /api/v1/budgets': { isolation: 'not-found', path: () => '/api/v1/budgets', body: (r) => ({ agentId: r.agentId, period: 'daily', maxTokens: 1_000 }) },
  'DELETE /api/v1/budgets': { isolation: 'not-found', path: (r) => `/api/v1/budgets?period=daily&agentId=${r.agentId}` },
  'GET /api/v1/model-prices': { isolation: 'scoped', path: () => '/api/v1/model-prices' },
  'POST /api/v1/model-prices': { isolation: 'scoped', path: () => '/api/v1/model-prices', body: () => ({ provider: 'openai', model: 'matrix-model', inputUsdPerMillion: 1, outputUsdPerMillion: 2 }) },
  'DELETE /api/v1/model-prices': { isolation: 'scoped', path: () => '/api/v1/model-prices?provider=openai&model=matrix-model' },
  'GET /api/v1/webhooks': { isolation: 'scoped', path: () => '/api/v1/webhooks' },
  'POST /api/v1/webhooks': {
    isolation: 'scoped',
    path: () => '/api/v1/webhooks',
    body: () => ({ url: 'http://127.0.0.1:1/matrix', eventTypes: ['run.failed'] }),
  },
  'DELETE /api/v1/webhooks/{id}': { isolation: 'not-found', path: (r) => `/api/v1/webhooks/${r.webhookId}` },
  'GET /api/v1/webhooks/{id}/deliveries': { isolation: 'not-found', path: (r) => `/api/v1/webhooks/${r.webhookId}/deliveries` },
  'POST /api/v1/webhook-deliveries/{id}/redeliver': { isolation: 'not-found', path: (r) => `/api/v1/webhook-deliveries/${r.deliveryId}/redeliver` },
  'GET /api/v1/mcp-servers': { isolation: 'scoped', path: () => '/api/v1/mcp-servers' },
  'POST /api/v1/mcp-servers': { isolation: 'scoped', path: () => '/api/v1/mcp-servers', body: () => matrixMcpServer() },
  'GET /api/v1/mcp-servers/{id}': { isolation: 'not-found', path: (r) => `/api/v1/mcp-servers/${r.mcpServerId}` },
  'PATCH /api/v1/mcp-servers/{id}': { isolation: 'not-found', path: (r) => `/api/v1/mcp-servers/${r.mcpServerId}`, body: () => ({ description: 'changed by matrix' }) },
  'DELETE /api/v1/mcp-servers/{id}': { isolation: 'not-found', path: (r) => `/api/v1/mcp-servers/${r.mcpServerId}` },
  'POST /api/v1/mcp-servers/{id}/test': { isolation: 'not-found', path: (r) => `/api/v1/mcp-servers/${r.mcpServerId}/test` },
  'GET /api/v1/batches': { isolation: 'scoped', path: () => '/api/v1/batches' },
  'POST /api/v1/batches': { isolation: 'not-found', path: () => '/api/v1/batches', body: (r) => ({ agentId: r.agentId, concurrency: 1, items: ['matrix batch item'] }) },
  'GET /api/v1/batches/{id}': { isolation: 'not-found', path: (r) => `/api/v1/batches/${r.batchId}` },
  'GET /api/v1/batches/{id}/items': { isolation: 'not-found', path: (r) => `/api/v1/batches/${r.batchId}/items` },
  'GET /api/v1/batches/{id}/export': { isolation: 'not-found', path: (r) => `/api/v1/batches/${r.batchId}/export?format=csv` },
  'POST /api/v1/batches/{id}/retry-failed': { isolation: 'not-found', path: (r) => `/api/v1/batches/${r.batchId}/retry-failed` },
  'POST /api/v1/batches/{id}/cancel': { isolation: 'not-found', path: (r) => `/api/v1/batches/${r.batchId}/cancel` },
  'GET /api/v1/concurrency-limits': { isolation: 'scoped', path: () => '/api/v1/concurrency-limits' },
  'POST /api/v1/concurrency-limits': { isolation: 'not-found', path: () => '/api/v1/concurrency-limits', body: (r) => ({ agentId: r.agentId, maxRunningRuns: 3 }) },
  'GET /api/v1/schedules': { isolation: 'scoped', path: () => '/api/v1/schedules' },
  'POST /api/v1/schedules': { isolation: 'not-found', path: () => '/api/v1/schedules', body: (r) => matrixSchedule(r.agentId) },
  'POST /api/v1/schedules/preview': { isolation: 'scoped', path: () => '/api/v1/schedules/preview', body: () => ({ timing: matrixTiming }) },
  'GET /api/v1/schedules/{id}': { isolation: 'not-found', path: (r) => `/api/v1/schedules/${r.scheduleId}` },
  'PATCH /api/v1/schedules/{id}': { isolation: 'not-found', path: (r) => `/api/v1/schedules/${r.scheduleId}`, body: () => ({ name: 'changed by matrix' }) },
  'DELETE /api/v1/schedules/{id}': { isolation: 'not-found', path: (r) => `/api/v1/schedules/${r.scheduleId}` },
  'POST /api/v1/schedules/{id}/pause': { isolation: 'not-found', path: (r) => `/api/v1/schedules/${r.scheduleId}/pause` },
  'POST /api/v1/schedules/{id}/resume': { isolation: 'not-found', path: (r) => `/api/v1/schedules/${r.scheduleId}/resume` },
  'GET /api/v1/schedules/{id}/preview': { isolation: 'not-found', path: (r) => `/api/v1/schedules/${r.scheduleId}/preview` },
  'GET /api/v1/tenants': { isolation: 'operator-only', path: () => '/api/v1/tenants' },
  'POST /api/v1/tenants': { isolation: 'operator-only', path: () => '/api/v1/tenants', body: () => ({ slug: `matrix-${randomUUID().slice(0, 8)}`, name: 'Matrix tenant' }) },
  'GET /api/v1/tenants/{id}': { isolation: 'operator-only', path: (r) => `/api/v1/tenants/${r.tenantId}` },
  'PATCH /api/v1/tenants/{id}': { isolation: 'operator-only', path: (r) => `/api/v1/tenants/${r.tenantId}`, body: () => ({ retentionDays: 1 }) },
  'POST /api/v1/tenants/{id}/suspend': { isolation: 'operator-only', path: (r) => `/api/v1/tenants/${r.tenantId}/suspend` },
  'POST /api/v1/tenants/{id}/resume': { isolation: 'operator-only', path: (r) => `/api/v1/tenants/${r.tenantId}/resume` },
  'POST /api/v1/tenants/{id}/erase': { isolation: 'operator-only', path: (r) => `/api/v1/tenants/${r.tenantId}/erase`, body: () => ({ confirmSlug: 'demo' }) },
  'POST /api/v1/tenants/{id}/admin-keys': { isolation: 'operator-only', path: (r) => `/api/v1/tenants/${r.tenantId}/admin-keys`, body: () => ({}) },
};

const matrixTiming = { kind: 'cron', cronExpression: '0 3 * * *', timeZone: 'UTC' };

/** A paused schedule of the given agent (another tenant's agent: 404). */
function matrixSchedule(agentId: string): unknown {
  return { name: 'matrix schedule', agentId, timing: matrixTiming, inputTemplate: 'matrix', paused: true };
}

/** A server nobody answers at (loopback is allowed in the matrix's console); a fresh name each call. */
function matrixMcpServer(): unknown {
  return { name: `matrix-${randomUUID().slice(0, 8)}`, transport: 'streamable-http', url: 'http://127.0.0.1:1/mcp' };
}

/** Every tRPC procedure by path; the matrix fails when the router has one missing here. */
export const procedureCases: Record<string, ProcedureCase> = {
  'health.report': { isolation: 'scoped', answerKeys: (caller) => (caller === 'admin' ? healthReportKeys : ['status']) },
  'session.me': { isolation: 'scoped' },
  'activity.live': { isolation: 'scoped' },
  'agents.list': { isolation: 'scoped', input: () => ({ includeArchived: true }) },
  'agents.get': { isolation: 'not-found', input: (r) => ({ agentId: r.agentId }) },
  'agents.versions': { isolation: 'not-found', input: (r) => ({ agentId: r.agentId }) },
  'agents.version': { isolation: 'not-found', input: (r) => ({ agentId: r.agentId, version: 1 }) },
  'agents.toolOptions': { isolation: 'scoped' },
  'agents.create': { isolation: 'scoped', input: () => ({ slug: `matrix-${randomUUID().slice(0, 8)}`, name: 'Matrix agent', config: { demoScript: { replies: [{ text: 'Done.' }] } } }) },
  'agents.saveVersion': { isolation: 'not-found', input: (r) => ({ agentId: r.agentId, config: { instructions: 'hijacked' } }) },
  'agents.archive': { isolation: 'not-found', input: (r) => ({ agentId: r.agentId }) },
  'agents.unarchive': { isolation: 'not-found', input: (r) => ({ agentId: r.agentId }) },
  'apiKeys.list': { isolation: 'scoped' },
  'apiKeys.create': { isolation: 'scoped', input: () => ({ name: 'matrix key', role: 'viewer' }) },
  'apiKeys.revoke': { isolation: 'not-found', input: (r) => ({ apiKeyId: r.apiKeyId }) },
  'audit.list': { isolation: 'scoped', input: (r) => ({ targetId: r.runId }) },
  'audit.facets': { isolation: 'scoped' },
  'usage.summary': { isolation: 'scoped', input: (r) => ({ agentId: r.agentId }) },
  'budgets.overview': { isolation: 'scoped' },
  'budgets.set': { isolation: 'not-found', input: (r) => ({ agentId: r.agentId, period: 'daily', maxTokens: 1_000 }) },
  'budgets.remove': { isolation: 'not-found', input: (r) => ({ agentId: r.agentId, period: 'daily' }) },
  'modelPrices.list': { isolation: 'scoped' },
  'modelPrices.set': { isolation: 'scoped', input: () => ({ provider: 'openai', model: 'matrix-model', inputUsdPerMillion: 1, outputUsdPerMillion: 2 }) },
  'modelPrices.remove': { isolation: 'scoped', input: () => ({ provider: 'openai', model: 'matrix-model' }) },
  'runs.list': { isolation: 'scoped', input: () => ({}) },
  'runs.get': { isolation: 'not-found', input: (r) => ({ runId: r.runId }) },
  'runs.create': { isolation: 'not-found', input: (r) => ({ agentId: r.agentId, input: 'matrix' }) },
  'runs.cancel': { isolation: 'not-found', input: (r) => ({ runId: r.runId }) },
  'runs.resumeBudgetPause': { isolation: 'not-found', input: (r) => ({ runId: r.runId }) },
  'runs.compare': { isolation: 'not-found', input: (r) => ({ leftRunId: r.finishedRunId, rightRunId: r.runId }) },
  'runs.retry': { isolation: 'not-found', input: (r) => ({ runId: r.finishedRunId }) },
  'runs.rerun': { isolation: 'not-found', input: (r) => ({ runId: r.finishedRunId }) },
  'runs.fork': { isolation: 'not-found', input: (r) => ({ runId: r.finishedRunId, stepIndex: r.checkpointSeq, appendMessage: 'matrix' }) },
  'runEvents.list': { isolation: 'not-found', input: (r) => ({ runId: r.finishedRunId }) },
  'runEvents.live': { isolation: 'not-found', input: (r) => ({ runId: r.finishedRunId }) },
  'runMessages.list': { isolation: 'not-found', input: (r) => ({ runId: r.finishedRunId }) },
  'feedback.listForRun': { isolation: 'not-found', input: (r) => ({ runId: r.finishedRunId }) },
  'feedback.record': { isolation: 'not-found', input: (r) => ({ runId: r.finishedRunId, label: 'matrix', reward: 1 }) },
  'feedback.aggregate': { isolation: 'not-found', input: (r) => ({ agentId: r.agentId }) },
  'runWaits.list': { isolation: 'not-found', input: (r) => ({ runId: r.runId }) },
  'runWaits.deliver': { isolation: 'not-found', input: (r) => ({ correlationKey: `matrix-${r.runId}`, payload: { ok: true } }) },
  'runSteps.list': { isolation: 'not-found', input: (r) => ({ runId: r.finishedRunId }) },
  'runSteps.get': { isolation: 'not-found', input: (r) => ({ runId: r.finishedRunId, step: 0 }) },
  'runSteps.find': { isolation: 'not-found', input: (r) => ({ runId: r.finishedRunId, errors: true }) },
  'runSteps.facets': { isolation: 'not-found', input: (r) => ({ runId: r.finishedRunId }) },
  'runSteps.search': { isolation: 'not-found', input: (r) => ({ runId: r.finishedRunId, query: r.marker }) },
  'toolCalls.list': { isolation: 'not-found', input: (r) => ({ runId: r.finishedRunId }) },
  'checkpoints.list': { isolation: 'not-found', input: (r) => ({ runId: r.finishedRunId }) },
  'checkpoints.get': { isolation: 'not-found', input: (r) => ({ runId: r.finishedRunId, seq: r.checkpointSeq }) },
  'approvals.list': { isolation: 'scoped', input: (r) => ({ runId: r.runId }) },
  'approvals.pendingCount': { isolation: 'scoped' },
  'approvals.decide': { isolation: 'not-found', input: (r) => ({ approvalId: r.approvalId, decision: 'approve' }) },
  'approvals.decideMany': { isolation: 'scoped', input: (r) => ({ approvalIds: [r.approvalId], decision: 'approve' }) },
  'threads.list': { isolation: 'scoped', input: (r) => ({ agentId: r.agentId }) },
  'threads.get': { isolation: 'not-found', input: (r) => ({ threadId: r.threadId }) },
  'threads.messages': { isolation: 'not-found', input: (r) => ({ threadId: r.threadId }) },
  'threads.create': { isolation: 'not-found', input: (r) => ({ agentId: r.agentId }) },
  'threads.rename': { isolation: 'not-found', input: (r) => ({ threadId: r.threadId, title: 'renamed by matrix' }) },
  'threads.archive': { isolation: 'not-found', input: (r) => ({ threadId: r.threadId }) },
  'memory.list': { isolation: 'scoped', input: (r) => ({ level: 'thread', scopeId: r.threadId }) },
  'memory.search': { isolation: 'empty-search', input: (r) => ({ text: r.marker, scope: { threadId: r.threadId, agentId: r.agentId } }) },
  'memory.get': { isolation: 'not-found', input: (r) => ({ memoryItemId: r.memoryItemId }) },
  'memory.supersessionChain': { isolation: 'not-found', input: (r) => ({ memoryItemId: r.memoryItemId }) },
  'memory.injections': { isolation: 'not-found', input: (r) => ({ memoryItemId: r.memoryItemId }) },
  'memory.runHits': { isolation: 'not-found', input: (r) => ({ runId: r.finishedRunId, memoryItemIds: [r.memoryItemId] }) },
  'memory.store': { isolation: 'scoped', input: () => ({ scope: { level: 'project' }, kind: 'fact', content: 'matrix note' }) },
  'memory.pin': { isolation: 'not-found', input: (r) => ({ memoryItemId: r.memoryItemId }) },
  'memory.unpin': { isolation: 'not-found', input: (r) => ({ memoryItemId: r.memoryItemId }) },
  'memory.forget': { isolation: 'not-found', input: (r) => ({ memoryItemId: r.memoryItemId }) },
  'memory.decisions': { isolation: 'scoped', input: (r) => ({ runId: r.finishedRunId }) },
  'memory.undoDecision': { isolation: 'not-found', input: () => ({ decisionId: absentDecisionId }) },
  'memory.eraseRun': { isolation: 'not-found', input: (r) => ({ runId: r.finishedRunId }) },
  'memory.eraseThread': { isolation: 'not-found', input: (r) => ({ threadId: r.threadId }) },
  'webhooks.eventTypes': { isolation: 'scoped' },
  'webhooks.list': { isolation: 'scoped' },
  'webhooks.create': { isolation: 'scoped', input: () => ({ url: 'http://127.0.0.1:1/matrix', eventTypes: ['run.failed'] }) },
  'webhooks.delete': { isolation: 'not-found', input: (r) => ({ webhookId: r.webhookId }) },
  'webhooks.deliveries': { isolation: 'not-found', input: (r) => ({ webhookId: r.webhookId }) },
  'webhooks.redeliver': { isolation: 'not-found', input: (r) => ({ deliveryId: r.deliveryId }) },
  'mcpServers.list': { isolation: 'scoped' },
  'mcpServers.create': { isolation: 'scoped', input: () => matrixMcpServer() },
  'mcpServers.update': { isolation: 'not-found', input: (r) => ({ mcpServerId: r.mcpServerId, description: 'changed by matrix' }) },
  'mcpServers.delete': { isolation: 'not-found', input: (r) => ({ mcpServerId: r.mcpServerId }) },
  'mcpServers.test': { isolation: 'not-found', input: (r) => ({ mcpServerId: r.mcpServerId }) },
  // The instance operator's tenants page (ADR 0041): a tenant's session of any role is refused with 403.
  'tenants.list': { isolation: 'operator-only' },
  'tenants.create': { isolation: 'operator-only', input: () => ({ slug: `matrix-${randomUUID().slice(0, 8)}`, name: 'Matrix tenant' }) },
  'tenants.update': { isolation: 'operator-only', input: (r) => ({ tenantId: r.tenantId, retentionDays: 1 }) },
  'tenants.suspend': { isolation: 'operator-only', input: (r) => ({ tenantId: r.tenantId }) },
  'tenants.resume': { isolation: 'operator-only', input: (r) => ({ tenantId: r.tenantId }) },
  'tenants.mintAdminKey': { isolation: 'operator-only', input: (r) => ({ tenantId: r.tenantId }) },
  'tenants.erase': { isolation: 'operator-only', input: (r) => ({ tenantId: r.tenantId, confirmSlug: 'demo' }) },
  'schedules.list': { isolation: 'scoped', input: () => ({}) },
  'schedules.get': { isolation: 'not-found', input: (r) => ({ scheduleId: r.scheduleId }) },
  'schedules.preview': { isolation: 'scoped', input: () => ({ timing: matrixTiming }) },
  'schedules.create': { isolation: 'not-found', input: (r) => matrixSchedule(r.agentId) },
  'schedules.update': { isolation: 'not-found', input: (r) => ({ scheduleId: r.scheduleId, name: 'changed by matrix' }) },
  'schedules.pause': { isolation: 'not-found', input: (r) => ({ scheduleId: r.scheduleId }) },
  'schedules.resume': { isolation: 'not-found', input: (r) => ({ scheduleId: r.scheduleId }) },
  'schedules.delete': { isolation: 'not-found', input: (r) => ({ scheduleId: r.scheduleId }) },
  // Evaluations (ADR 0048): tenant A's dataset names and experiment ids are unknown to B.
  'datasets.list': { isolation: 'scoped' },
  'datasets.get': { isolation: 'not-found', input: () => ({ name: 'matrix-tenant-a' }) },
  'datasets.experiments': { isolation: 'not-found', input: () => ({ name: 'matrix-tenant-a' }) },
  'datasets.create': { isolation: 'scoped', input: () => ({ name: `matrix-${randomUUID().slice(0, 8)}` }) },
  'datasets.addRuns': { isolation: 'not-found', input: (r) => ({ name: 'matrix-tenant-a', runIds: [r.finishedRunId] }) },
  'datasets.addMatchingRuns': { isolation: 'not-found', input: () => ({ name: 'matrix-tenant-a' }) },
  'datasets.importCases': { isolation: 'not-found', input: () => ({ name: 'matrix-tenant-a', jsonl: JSON.stringify({ input: 'hand-written' }) }) },
  'datasets.updateCase': { isolation: 'not-found', input: () => ({ name: 'matrix-tenant-a', caseId: randomUUID(), labels: ['matrix'] }) },
  'datasets.deleteCase': { isolation: 'not-found', input: () => ({ name: 'matrix-tenant-a', caseId: randomUUID() }) },
  'experiments.get': { isolation: 'not-found', input: (r) => ({ experimentId: r.runId }) },
  'batches.list': { isolation: 'scoped', input: () => ({}) },
  'batches.get': { isolation: 'not-found', input: (r) => ({ batchId: r.batchId }) },
  'batches.items': { isolation: 'not-found', input: (r) => ({ batchId: r.batchId }) },
  'batches.create': { isolation: 'not-found', input: (r) => ({ agentId: r.agentId, concurrency: 1, items: ['matrix batch item'] }) },
  'batches.createFromJsonl': { isolation: 'not-found', input: (r) => ({ agentId: r.agentId, concurrency: 1, jsonl: '"matrix batch item"' }) },
  'batches.cancel': { isolation: 'not-found', input: (r) => ({ batchId: r.batchId }) },
  'batches.retryFailed': { isolation: 'not-found', input: (r) => ({ batchId: r.batchId }) },
  'concurrencyLimits.get': { isolation: 'scoped' },
  'concurrencyLimits.set': { isolation: 'not-found', input: (r) => ({ agentId: r.agentId, maxRunningRuns: 3 }) },
  'experiments.create': { isolation: 'not-found', input: (r) => ({ dataset: 'matrix-tenant-a', agentId: r.agentId, agentVersion: 1 }) },
};

export interface McpToolCase {
  isolation: Isolation;
  arguments: (resources: TenantResources) => Record<string, unknown>;
}

/**
 * Every tool `/api/mcp` serves, by name. The matrix fails when `tools/list` names one missing
 * here; each tool's role comes from its `_meta["agentloom/role"]` in that list.
 */
export const mcpToolCases: Record<string, McpToolCase> = {
  start_run: { isolation: 'not-found', arguments: (r) => ({ agent: r.agentId, input: 'matrix' }) },
  get_run: { isolation: 'not-found', arguments: (r) => ({ runId: r.runId }) },
  list_runs: { isolation: 'scoped', arguments: (r) => ({ search: r.marker }) },
  list_approvals: { isolation: 'scoped', arguments: (r) => ({ runId: r.runId }) },
  decide_approval: { isolation: 'not-found', arguments: (r) => ({ approvalId: r.approvalId, decision: 'reject', reason: 'matrix' }) },
  search_memory: { isolation: 'empty-search', arguments: (r) => ({ query: r.marker, threadId: r.threadId, agentId: r.agentId }) },
};

/** Every MCP resource template, with the URI of tenant A's resource it names (readable by any role). */
export const mcpResourceCases: Record<string, (resources: TenantResources) => string> = {
  'agentloom://runs/{id}': (r) => `agentloom://runs/${r.runId}`,
  'agentloom://threads/{id}': (r) => `agentloom://threads/${r.threadId}`,
};
