import { randomUUID } from 'node:crypto';

import { eventually } from './api-client';
import { restCall, sessionCookie, trpcCall } from './security-calls';
import type { TenantResources } from './security-surface';
import type { SecurityTenants } from './security-tenants';

/**
 * Creates one resource of each type in tenant A through the public API, as its admin: a webhook
 * (so runs produce deliveries), a run paused on an approval, a finished run with checkpoints, a
 * thread, a memory item, an API key. Every text carries a marker no other tenant may ever see.
 */
export async function createTenantResources(baseUrl: string, tenants: SecurityTenants): Promise<TenantResources> {
  const admin = tenants.tenantA.keys.admin;
  const marker = `tenant-a-secret-${randomUUID()}`;
  const call = async <Body>(method: string, path: string, body?: unknown): Promise<Body> => {
    const result = await restCall(baseUrl, admin, method, path, body === undefined ? undefined : JSON.stringify(body));
    if (result.status >= 300) throw new Error(`${method} ${path} answered ${result.status}: ${result.text}`);
    return result.json as Body;
  };
  const agents = tenants.tenantA.agentIds;
  const webhook = await call<{ id: string }>('POST', '/api/v1/webhooks', {
    url: `http://127.0.0.1:1/${marker}`,
    eventTypes: ['run.completed', 'approval.requested'],
  });
  // Its auth header carries the marker: no answer, to anyone, may contain it.
  const mcpServer = await call<{ id: string }>('POST', '/api/v1/mcp-servers', {
    name: 'matrix-server',
    transport: 'streamable-http',
    url: 'http://127.0.0.1:1/mcp',
    headers: { Authorization: `Bearer ${marker}` },
  });
  // Paused, so it never fires during the matrix; its name carries the marker.
  const schedule = await call<{ id: string }>('POST', '/api/v1/schedules', {
    name: `${marker} nightly`,
    agentId: agents['demo-researcher'],
    timing: { kind: 'cron', cronExpression: '0 3 * * *', timeZone: 'UTC' },
    inputTemplate: `${marker} nightly report`,
    paused: true,
  });
  const waiting = await call<{ id: string }>('POST', '/api/v1/runs', { agentId: agents['demo-operator'], input: `${marker} restart the service` });
  const finished = await call<{ id: string }>('POST', '/api/v1/runs', { agentId: agents['demo-researcher'], input: marker });
  const thread = await call<{ id: string }>('POST', '/api/v1/threads', { agentId: agents['demo-researcher'], title: marker });
  const memory = await call<{ id: string }>('POST', '/api/v1/memories', {
    scope: { level: 'project' },
    kind: 'fact',
    content: `${marker} is the project codename`,
  });
  await call('POST', '/api/v1/memories', { scope: { level: 'thread', id: thread.id }, kind: 'fact', content: `${marker} thread fact` });
  const apiKey = await call<{ id: string }>('POST', '/api/v1/api-keys', { name: marker, role: 'viewer' });
  const batch = await call<{ id: string }>('POST', '/api/v1/batches', { agentId: agents['demo-researcher'], name: marker, concurrency: 1, items: [marker] });
  const approval = await eventually(
    async () => (await call<{ approvals: { id: string }[] }>('GET', `/api/v1/approvals?runId=${waiting.id}&status=pending`)).approvals[0],
  );
  await eventually(async () => ((await call<{ status: string }>('GET', `/api/v1/runs/${finished.id}`)).status === 'succeeded' ? true : undefined));
  const delivery = await eventually(
    async () => (await call<{ deliveries: { id: string }[] }>('GET', `/api/v1/webhooks/${webhook.id}/deliveries`)).deliveries[0],
  );
  const checkpoints = await trpcCall(baseUrl, await sessionCookie(baseUrl, admin), 'checkpoints.list', 'query', { runId: finished.id });
  const seq = (checkpoints.json as { result: { data: { json: { checkpoints: { seq: number }[] } } } }).result.data.json.checkpoints[0]?.seq;
  if (seq === undefined) throw new Error('The finished run has no checkpoint');
  return {
    tenantId: tenants.tenantA.id,
    agentId: agents['demo-researcher']!,
    runId: waiting.id,
    finishedRunId: finished.id,
    checkpointSeq: seq,
    approvalId: approval.id,
    threadId: thread.id,
    memoryItemId: memory.id,
    apiKeyId: apiKey.id,
    webhookId: webhook.id,
    deliveryId: delivery.id,
    mcpServerId: mcpServer.id,
    scheduleId: schedule.id,
    batchId: batch.id,
    marker,
  };
}
