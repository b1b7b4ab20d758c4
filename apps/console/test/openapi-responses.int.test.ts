import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { eventually } from './support/api-client';
import { ensureConsoleBuild } from './support/console-build';
import { startConsole, type ConsoleProcess } from './support/console-process';
import { openEventStream } from './support/event-stream-client';
import { fetchOnNewConnection } from './support/new-connection';
import { openApiResponseValidator, type OpenApiResponseValidator } from './support/openapi-response-validator';
import { createTenantResources } from './support/security-resources';
import type { TenantResources } from './support/security-surface';
import { seedMemoryDecision } from './support/seed-memory-decision';
import { seedSecurityTenants, type SecurityTenants } from './support/security-tenants';

/**
 * Every operation of `/api/v1/openapi.json` driven with real requests against a live console, and
 * every 2xx answer validated against the document the console serves, with ajv (JSON Schema
 * 2020-12, OpenAPI 3.1's dialect): its status and content type must be listed, and its body must
 * match the schema, which forbids fields the view does not declare and requires the ones it does.
 */

/**
 * Operations whose success the suite cannot reach, with the reason. None today: the extraction
 * decision `undoMemoryDecision` needs is seeded before the console starts (seed-memory-decision.ts).
 */
const notReachable: Record<string, string> = {};

let dataDirectory: string;
let tenants: SecurityTenants;
let server: ConsoleProcess;
let resources: TenantResources;
let validator: OpenApiResponseValidator;
let decision: { decisionId: string; runId: string };
const validated = new Map<string, Set<string>>();

beforeAll(async () => {
  ensureConsoleBuild();
  dataDirectory = mkdtempSync(path.join(tmpdir(), 'agentloom-openapi-responses-'));
  tenants = await seedSecurityTenants(dataDirectory);
  decision = await seedMemoryDecision(dataDirectory, tenants.tenantA.keys.admin, tenants.tenantA.agentIds['demo-researcher']!);
  server = await startConsole({
    dataDirectory,
    environment: { AGENTLOOM_RATE_LIMIT_PER_MINUTE: '1000000', AGENTLOOM_RATE_LIMIT_BURST: '1000000', AGENTLOOM_WEBHOOK_ALLOW_PRIVATE_TARGETS: '127.0.0.1' },
  });
  resources = await createTenantResources(server.baseUrl, tenants);
  const document = (await (await fetchOnNewConnection(`${server.baseUrl}/api/v1/openapi.json`, {})).json()) as Parameters<typeof openApiResponseValidator>[0];
  validator = openApiResponseValidator(document);
}, 600_000);

afterAll(async () => {
  await server?.stop();
  if (dataDirectory) rmSync(dataDirectory, { recursive: true, force: true });
});

function record(operationId: string, status: number, contentType: string): void {
  const seen = validated.get(operationId) ?? new Set<string>();
  seen.add(`${status} ${contentType}`);
  validated.set(operationId, seen);
}

/**
 * Calls one operation as tenant A's admin, requires a 2xx, validates the JSON body against the
 * document and returns it. The request's method and path must be the operation's own.
 */
async function call<Body = Record<string, unknown>>(
  operationId: string,
  requestPath: string,
  options: { body?: unknown; headers?: Record<string, string>; apiKey?: string | null } = {},
): Promise<Body> {
  const located = validator.operations.get(operationId);
  if (!located) throw new Error(`${operationId} is not in the document`);
  const template = new RegExp(`^${located.path.replace(/\{\w+\}/g, '[^/]+')}$`);
  expect(requestPath.split('?')[0], `${operationId} is ${located.method.toUpperCase()} ${located.path}`).toMatch(template);
  const apiKey = options.apiKey === undefined ? tenants.tenantA.keys.admin : options.apiKey;
  const response = await fetchOnNewConnection(`${server.baseUrl}${requestPath}`, {
    method: located.method.toUpperCase(),
    headers: {
      ...(apiKey ? { Authorization: `Bearer ${apiKey}` } : {}),
      ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...options.headers,
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  expect(response.status, `${operationId} ${requestPath} → ${response.status} ${text.slice(0, 300)}`).toBeGreaterThanOrEqual(200);
  expect(response.status, `${operationId} ${requestPath} → ${response.status} ${text.slice(0, 300)}`).toBeLessThan(300);
  const contentType = (response.headers.get('content-type') ?? '').split(';')[0]!;
  const body = JSON.parse(text) as Body;
  expect(validator.problems(operationId, response.status, contentType, body), `${requestPath} → ${text.slice(0, 2000)}`).toEqual([]);
  record(operationId, response.status, contentType);
  return body;
}

/**
 * Calls a download operation (its success is text lines) as tenant A's admin: requires a 2xx in the
 * expected content type; JSONL lines are each validated against the line schema the document names,
 * a CSV's header must list exactly that schema's fields.
 */
async function download(operationId: string, requestPath: string, expectedType: string): Promise<string> {
  const located = validator.operations.get(operationId);
  if (!located) throw new Error(`${operationId} is not in the document`);
  const response = await fetchOnNewConnection(`${server.baseUrl}${requestPath}`, { method: 'GET', headers: { Authorization: `Bearer ${tenants.tenantA.keys.admin}` } });
  const text = await response.text();
  expect(response.status, `${operationId} ${requestPath} → ${response.status} ${text.slice(0, 300)}`).toBe(200);
  const contentType = (response.headers.get('content-type') ?? '').split(';')[0]!;
  expect(contentType).toBe(expectedType);
  const lines = text.trim().split('\n');
  if (contentType === 'text/csv') {
    const header = lines[0]!.split(',');
    const probe = Object.fromEntries(header.map((name) => [name, null]));
    // Only "required field missing" / "unknown field" problems matter for a header; null values are not the point.
    const problems = validator.problems(operationId, response.status, contentType, probe).filter((problem) => /required|additional/.test(problem));
    expect(problems, requestPath).toEqual([]);
  } else {
    for (const line of lines) expect(validator.problems(operationId, response.status, contentType, JSON.parse(line)), `${requestPath} → ${line}`).toEqual([]);
  }
  record(operationId, response.status, contentType);
  return text;
}

const runIsIn = (runId: string, statuses: string[]) => async () => {
  const run = await call<{ status: string }>('getRun', `/api/v1/runs/${runId}`);
  return statuses.includes(run.status) ? run : undefined;
};

describe('every 2xx answer matches the OpenAPI document', () => {
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

  it('runs: list, create (and its idempotent replay), read, compare, re-run', async () => {
    await call('listRuns', '/api/v1/runs');
    const idempotencyKey = randomUUID();
    const body = { agentId: resources.agentId, input: `${resources.marker} again` };
    const created = await call<{ id: string }>('createRun', '/api/v1/runs', { body, headers: { 'Idempotency-Key': idempotencyKey } });
    const replayed = await call<{ id: string }>('createRun', '/api/v1/runs', { body, headers: { 'Idempotency-Key': idempotencyKey } });
    expect(replayed.id).toBe(created.id);
    expect(validated.get('createRun')).toEqual(new Set(['201 application/json', '200 application/json']));
    await eventually(runIsIn(created.id, ['succeeded']));
    await call('compareRuns', `/api/v1/runs/${resources.finishedRunId}/compare?with=${created.id}`);
    await call('rerunRun', `/api/v1/runs/${resources.finishedRunId}/rerun`, { body: {} });
  });

  it('approvals: list, decide; cancel, retry (and asking again) of a paused run', async () => {
    const { approvals } = await call<{ approvals: unknown[] }>('listApprovals', `/api/v1/approvals?runId=${resources.runId}`);
    expect(approvals.length).toBeGreaterThan(0);
    await call('decideApproval', `/api/v1/approvals/${resources.approvalId}/decision`, { body: { decision: 'reject', reason: 'not now' } });

    const operatorAgent = tenants.tenantA.agentIds['demo-operator']!;
    const paused = await call<{ id: string }>('createRun', '/api/v1/runs', { body: { agentId: operatorAgent, input: 'restart the service' } });
    await eventually(runIsIn(paused.id, ['waiting_human']));
    await call('cancelRun', `/api/v1/runs/${paused.id}/cancel`);
    await eventually(runIsIn(paused.id, ['cancelled']));
    await call('retryRun', `/api/v1/runs/${paused.id}/retry`);
    await call('retryRun', `/api/v1/runs/${paused.id}/retry`);
    expect(validated.get('retryRun')).toEqual(new Set(['201 application/json', '200 application/json']));
  });

  it('resume of a run paused by a budget whose policy is pause', async () => {
    const agentId = tenants.tenantA.agentIds['demo-operator']!;
    await call('setBudget', '/api/v1/budgets', { body: { agentId, period: 'daily', maxTokens: 1, onExceeded: 'pause' } });
    const paused = await call<{ id: string }>('createRun', '/api/v1/runs', { body: { agentId, input: 'check the disk' } });
    await eventually(async () => ((await call<{ budgetPause: unknown }>('getRun', `/api/v1/runs/${paused.id}`)).budgetPause ? true : undefined));
    await call('setBudget', '/api/v1/budgets', { body: { agentId, period: 'daily', maxTokens: 100_000_000, onExceeded: 'pause' } });
    await call('resumeRun', `/api/v1/runs/${paused.id}/resume`);
    await call('removeBudget', `/api/v1/budgets?period=daily&agentId=${agentId}`);
  });

  it('run inspection: events as JSON and as a stream, messages, steps, one step, search', async () => {
    const run = resources.finishedRunId;
    const page = await call<{ events: unknown[] }>('streamRunEvents', `/api/v1/runs/${run}/events?format=json`);
    expect(page.events.length).toBeGreaterThan(0);

    const stream = await openEventStream(`${server.baseUrl}/api/v1/runs/${run}/events`, { Authorization: `Bearer ${tenants.tenantA.keys.admin}` });
    expect(stream.status).toBe(200);
    const contentType = (stream.response.headers.get('content-type') ?? '').split(';')[0]!;
    let frames = 0;
    // A finished run's stream replays its log and closes after `run-finished`.
    for await (const frame of stream.frames) {
      expect(validator.problems('streamRunEvents', 200, contentType, JSON.parse(frame.data)), frame.data).toEqual([]);
      frames += 1;
    }
    expect(frames).toBe(page.events.length);
    record('streamRunEvents', 200, contentType);

    await call('listRunMessages', `/api/v1/runs/${run}/messages`);
    const { steps } = await call<{ steps: { index: number }[] }>('listRunSteps', `/api/v1/runs/${run}/steps`);
    expect(steps.length).toBeGreaterThan(0);
    await call('findRunSteps', `/api/v1/runs/${run}/steps/find?kind=model_call`);
    await call('getRunStep', `/api/v1/runs/${run}/steps/${steps[0]!.index}`);
    const search = await call<{ hits: unknown[] }>('searchRun', `/api/v1/runs/${run}/search?q=${encodeURIComponent(resources.marker)}`);
    expect(search.hits.length).toBeGreaterThan(0);
  });

  it('threads: list, create, a run in it, its messages, read, rename and archive', async () => {
    await call('listThreads', '/api/v1/threads');
    const thread = await call<{ id: string }>('createThread', '/api/v1/threads', { body: { agentId: resources.agentId, title: 'openapi' } });
    const run = await call<{ id: string }>('createRun', '/api/v1/runs', { body: { agentId: resources.agentId, threadId: thread.id, input: 'hello' } });
    await eventually(runIsIn(run.id, ['succeeded']));
    const { messages } = await call<{ messages: unknown[] }>('listThreadMessages', `/api/v1/threads/${thread.id}/messages`);
    expect(messages.length).toBeGreaterThan(0);
    await call('getThread', `/api/v1/threads/${thread.id}`);
    await call('updateThread', `/api/v1/threads/${thread.id}`, { body: { title: 'openapi renamed', archived: true } });
    await call('erase', '/api/v1/erase', { body: { target: 'thread', id: thread.id } });
  });

  it('memories: store, list, search (both ways), read, pin, unpin, forget; extraction decisions', async () => {
    const stored = await call<{ id: string }>('storeMemory', '/api/v1/memories', {
      body: { scope: { level: 'project' }, kind: 'fact', key: 'openapi', content: `${resources.marker} validated`, metadata: { source: 'test' } },
    });
    const { items } = await call<{ items: unknown[] }>('listMemories', '/api/v1/memories');
    expect(items.length).toBeGreaterThan(0);
    const found = await call<{ hits: unknown[] }>('listMemories', `/api/v1/memories?q=${encodeURIComponent(resources.marker)}`);
    expect(found.hits.length).toBeGreaterThan(0);
    const searched = await call<{ hits: unknown[] }>('searchMemories', '/api/v1/memories/search', { body: { text: resources.marker } });
    expect(searched.hits.length).toBeGreaterThan(0);
    await call('getMemory', `/api/v1/memories/${stored.id}`);
    await call('pinMemory', `/api/v1/memories/${stored.id}/pin`);
    await call('unpinMemory', `/api/v1/memories/${stored.id}/pin`);
    await call('forgetMemory', `/api/v1/memories/${stored.id}`);
    await call('listMemoryDecisions', `/api/v1/memory-decisions?runId=${resources.finishedRunId}`);
    const { decisions } = await call<{ decisions: { id: string; undoable: boolean }[] }>('listMemoryDecisions', `/api/v1/memory-decisions?runId=${decision.runId}`);
    expect(decisions).toEqual([expect.objectContaining({ id: decision.decisionId, undoable: true })]);
    const undone = await call<{ undoable: boolean; undoneAt: string | null }>('undoMemoryDecision', `/api/v1/memory-decisions/${decision.decisionId}/undo`);
    expect(undone).toMatchObject({ undoable: false, undoneAt: expect.any(String) as unknown });
  });

  it('feedback: record on a run and a step, list it, aggregate it per version', async () => {
    await call('recordRunFeedback', `/api/v1/runs/${resources.finishedRunId}/feedback`, { body: { label: 'resolved', reward: 1, comment: 'openapi' } });
    const { feedback } = await call<{ feedback: unknown[] }>('listRunFeedback', `/api/v1/runs/${resources.finishedRunId}/feedback`);
    expect(feedback.length).toBeGreaterThan(0);
    await call('getAgentFeedback', `/api/v1/agents/${resources.agentId}/feedback?includeScorers=true`);
  });

  it('evaluations: datasets (create, list, read, add runs, import JSONL) and an experiment replaying them', async () => {
    const name = `openapi-${randomUUID().slice(0, 8)}`;
    await call('createDataset', '/api/v1/datasets', { body: { name } });
    await call('addDatasetRuns', `/api/v1/datasets/${name}/runs`, { body: { runIds: [resources.finishedRunId] } });
    await call('importDatasetCases', `/api/v1/datasets/${name}/cases`, { body: { jsonl: JSON.stringify({ input: 'hand-written', expectedOutput: 'done' }) } });
    await call('listDatasets', '/api/v1/datasets');
    await call('getDataset', `/api/v1/datasets/${name}`);
    const { agentVersion } = await call<{ agentVersion: number }>('getRun', `/api/v1/runs/${resources.finishedRunId}`);
    const created = await call<{ id: string }>('createExperiment', '/api/v1/experiments', { body: { dataset: name, agentId: resources.agentId, agentVersion, scorers: [{ type: 'contains', text: 'x' }] } });
    await eventually(async () => ((await call<{ status: string }>('getExperiment', `/api/v1/experiments/${created.id}`)).status === 'completed' ? true : undefined));
  });

  it('usage, budgets and the audit log', async () => {
    await call('getUsage', '/api/v1/usage');
    await call('setBudget', '/api/v1/budgets', { body: { period: 'monthly', maxTokens: 1_000_000, maxCostUsd: 50 } });
    await call('setBudget', '/api/v1/budgets', { body: { agentId: resources.agentId, period: 'daily', maxTokens: 500_000 } });
    await call('getBudgets', '/api/v1/budgets');
    await call('removeBudget', `/api/v1/budgets?period=daily&agentId=${resources.agentId}`);
    await call('removeBudget', '/api/v1/budgets?period=monthly');
    await call('setModelPrice', '/api/v1/model-prices', { body: { provider: 'openai', model: 'gpt-openapi', inputUsdPerMillion: 1.5, outputUsdPerMillion: 6, cachedInputUsdPerMillion: 0.75 } });
    await call('listModelPrices', '/api/v1/model-prices');
    await call('removeModelPrice', '/api/v1/model-prices?provider=openai&model=gpt-openapi');
    const { entries } = await call<{ entries: unknown[] }>('listAuditLog', '/api/v1/audit-log');
    expect(entries.length).toBeGreaterThan(0);
  });

  it('webhooks: list, create, deliveries, redeliver, delete', async () => {
    await call('listWebhooks', '/api/v1/webhooks');
    const created = await call<{ id: string }>('createWebhook', '/api/v1/webhooks', { body: { url: 'http://127.0.0.1:1/openapi', eventTypes: ['run.failed'] } });
    const { deliveries } = await call<{ deliveries: unknown[] }>('listWebhookDeliveries', `/api/v1/webhooks/${resources.webhookId}/deliveries`);
    expect(deliveries.length).toBeGreaterThan(0);
    await call('redeliverWebhook', `/api/v1/webhook-deliveries/${resources.deliveryId}/redeliver`);
    await call('deleteWebhook', `/api/v1/webhooks/${created.id}`);
  });

  it('agents: create, save a version (new and unchanged), archive, unarchive', async () => {
    const config = { demoScript: { replies: [{ text: 'Done.' }] } };
    const agent = await call<{ id: string }>('createAgent', '/api/v1/agents', { body: { slug: `openapi-${randomUUID().slice(0, 8)}`, name: 'OpenAPI agent', config } });
    const next = { demoScript: { replies: [{ text: 'Done, again.' }] } };
    const saved = await call<{ created: boolean }>('saveAgentVersion', `/api/v1/agents/${agent.id}/versions`, { body: { config: next } });
    expect(saved.created).toBe(true);
    const unchanged = await call<{ created: boolean }>('saveAgentVersion', `/api/v1/agents/${agent.id}/versions`, { body: { config: next } });
    expect(unchanged.created).toBe(false);
    expect(validated.get('saveAgentVersion')).toEqual(new Set(['201 application/json', '200 application/json']));
    await call('archiveAgent', `/api/v1/agents/${agent.id}/archive`);
    await call('unarchiveAgent', `/api/v1/agents/${agent.id}/archive`);
  });

  it('durable waits: a run parked on wait_for_event lists its wait, takes the delivered event and ends', async () => {
    const correlationKey = `openapi-${randomUUID().slice(0, 8)}`;
    const config = {
      builtinTools: ['wait_for_event'],
      completion: { verify: false, requireToolEvidence: false },
      demoScript: {
        replies: [
          { whenTaskIncludes: 'await', text: 'Waiting.', toolCalls: [{ name: 'wait_for_event', arguments: { correlationKey } }] },
          { whenTaskIncludes: 'await', text: 'Got it.', toolCalls: [] },
        ],
      },
    };
    const agent = await call<{ id: string }>('createAgent', '/api/v1/agents', { body: { slug: `openapi-wait-${randomUUID().slice(0, 8)}`, name: 'OpenAPI waiter', config } });
    const run = await call<{ id: string }>('createRun', '/api/v1/runs', { body: { agentId: agent.id, input: 'await the order' } });
    await eventually(runIsIn(run.id, ['waiting']));
    await call('listRunWaits', `/api/v1/runs/${run.id}/waits`);
    await call('deliverEvent', '/api/v1/events', { body: { correlationKey, payload: { paid: true } } });
    await eventually(runIsIn(run.id, ['succeeded']));
  });

  it('runs: fork a finished run from a checkpoint', async () => {
    const fork = await call<{ id: string; forkOf: unknown }>('forkRun', `/api/v1/runs/${resources.finishedRunId}/fork`, {
      body: { stepIndex: resources.checkpointSeq, appendMessage: 'and once more' },
    });
    expect(fork.forkOf).toEqual({ runId: resources.finishedRunId, stepIndex: resources.checkpointSeq });
    const source = await call<{ forks: unknown[] }>('getRun', `/api/v1/runs/${resources.finishedRunId}`);
    expect(source.forks).toContainEqual({ runId: fork.id, stepIndex: resources.checkpointSeq });
  });

  it('approvals: a bulk decision with one decided and one refused outcome', async () => {
    const operatorAgent = tenants.tenantA.agentIds['demo-operator']!;
    const paused = await call<{ id: string }>('createRun', '/api/v1/runs', { body: { agentId: operatorAgent, input: 'restart the other service' } });
    const pending = await eventually(async () => {
      const page = await call<{ approvals: { id: string }[] }>('listApprovals', `/api/v1/approvals?runId=${paused.id}&status=pending`);
      return page.approvals[0];
    });
    const { outcomes } = await call<{ outcomes: { outcome: string }[] }>('decideApprovals', '/api/v1/approvals/decisions', {
      body: { approvalIds: [pending.id, randomUUID()], decision: 'reject', reason: 'not now' },
    });
    expect(outcomes.map((outcome) => outcome.outcome)).toEqual(['decided', 'refused']);
  });

  it('MCP servers: list, create, read, change, test (it cannot connect), delete', async () => {
    await call('listMcpServers', '/api/v1/mcp-servers');
    const created = await call<{ id: string }>('createMcpServer', '/api/v1/mcp-servers', {
      body: { name: `openapi-${randomUUID().slice(0, 8)}`, transport: 'streamable-http', url: 'http://127.0.0.1:1/mcp', headers: { Authorization: 'Bearer openapi' } },
    });
    await call('getMcpServer', `/api/v1/mcp-servers/${created.id}`);
    await call('updateMcpServer', `/api/v1/mcp-servers/${created.id}`, { body: { description: 'checked against the document' } });
    const tested = await call<{ status: string }>('testMcpServer', `/api/v1/mcp-servers/${created.id}/test`);
    expect(tested.status).toBe('failed');
    await call('deleteMcpServer', `/api/v1/mcp-servers/${created.id}`);
  });

  it('schedules: list, create, preview, read, change, resume, pause, preview saved, delete', async () => {
    await call('listSchedules', '/api/v1/schedules');
    const timing = { kind: 'cron', cronExpression: '0 9 * * 1-5', timeZone: 'Europe/Paris' };
    await call('previewScheduleTiming', '/api/v1/schedules/preview', { body: { timing, count: 3 } });
    const created = await call<{ id: string }>('createSchedule', '/api/v1/schedules', {
      body: { name: 'OpenAPI schedule', agentId: resources.agentId, timing, inputTemplate: 'Report for {{slot}}', paused: true },
    });
    await call('getSchedule', `/api/v1/schedules/${created.id}`);
    await call('updateSchedule', `/api/v1/schedules/${created.id}`, { body: { overlapPolicy: 'queue', catchUpPolicy: 'run-once' } });
    await call('resumeSchedule', `/api/v1/schedules/${created.id}/resume`);
    await call('pauseSchedule', `/api/v1/schedules/${created.id}/pause`);
    await call('previewSchedule', `/api/v1/schedules/${created.id}/preview?count=2`);
    await call('deleteSchedule', `/api/v1/schedules/${created.id}`);
  });

  it('batches: submit, list, read, items, export as JSONL and CSV, retry failed, cancel', async () => {
    const created = await call<{ id: string }>('createBatch', '/api/v1/batches', { body: { agentId: resources.agentId, concurrency: 1, items: ['one', { input: 'two' }] } });
    await call('listBatches', '/api/v1/batches?limit=5');
    await call('getBatch', `/api/v1/batches/${created.id}`);
    await call('listBatchItems', `/api/v1/batches/${created.id}/items?after=-1&limit=1`);
    const jsonl = await download('exportBatch', `/api/v1/batches/${created.id}/export`, 'application/x-ndjson');
    expect(jsonl.trim().split('\n')).toHaveLength(2);
    const csv = await download('exportBatch', `/api/v1/batches/${created.id}/export?format=csv`, 'text/csv');
    expect(csv.split('\n')[0]).toBe('item,runId,status,input,output,errorKind,errorMessage,attempts');
    await call('retryFailedBatchItems', `/api/v1/batches/${created.id}/retry-failed`);
    await call('cancelBatch', `/api/v1/batches/${created.id}/cancel`);
  });

  it('tenants (operator key): create, list, read, change, mint its admin key, suspend, resume, erase', async () => {
    const asOperator = { apiKey: tenants.operatorKey };
    const slug = `openapi-${randomUUID().slice(0, 8)}`;
    const tenant = await call<{ id: string }>('createTenant', '/api/v1/tenants', { ...asOperator, body: { slug, name: 'OpenAPI tenant', retentionDays: 30 } });
    await call('listTenants', '/api/v1/tenants', asOperator);
    await call('getTenant', `/api/v1/tenants/${tenant.id}`, asOperator);
    await call('updateTenant', `/api/v1/tenants/${tenant.id}`, { ...asOperator, body: { rateLimitPerMinute: 600, retentionDays: null } });
    await call('mintTenantAdminKey', `/api/v1/tenants/${tenant.id}/admin-keys`, { ...asOperator, body: {} });
    await call('suspendTenant', `/api/v1/tenants/${tenant.id}/suspend`, asOperator);
    await call('resumeTenant', `/api/v1/tenants/${tenant.id}/resume`, asOperator);
    await call('eraseTenantAsOperator', `/api/v1/tenants/${tenant.id}/erase`, { ...asOperator, body: { confirmSlug: slug } });
  });

  it('erase a finished run', async () => {
    await call('erase', '/api/v1/erase', { body: { target: 'run', id: resources.finishedRunId } });
  });

  it('covered every operation and every content type of its success (the list of exceptions says why)', () => {
    const missing: string[] = [];
    for (const [operationId, { operation }] of validator.operations) {
      if (operationId in notReachable) continue;
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!status.startsWith('2')) continue;
        for (const contentType of Object.keys(response.content ?? {})) {
          if (!validated.get(operationId)?.has(`${status} ${contentType}`)) missing.push(`${operationId} ${status} ${contentType}`);
        }
      }
    }
    expect(missing).toEqual([]);
    expect(Object.keys(notReachable).filter((operationId) => !validator.operations.has(operationId)), 'stale exceptions').toEqual([]);
  });
});
