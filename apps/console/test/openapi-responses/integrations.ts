import { randomUUID } from 'node:crypto';

import { expect, it } from 'vitest';

import { fetchOnNewConnection } from '../support/new-connection';
import { call, download, resources, server, tenants, validated } from './support';

/** MCP servers, schedules, batches and concurrency limits. */
export function describeIntegrationResponses(): void {
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

  it('batches: submit (and its idempotent replay), list, read, items, export as JSONL and CSV, retry failed, cancel', async () => {
    const body = { agentId: resources.agentId, concurrency: 1, items: ['one', { input: 'two' }] };
    const headers = { 'Idempotency-Key': randomUUID() };
    const created = await call<{ id: string }>('createBatch', '/api/v1/batches', { body, headers });
    const replayed = await call<{ id: string }>('createBatch', '/api/v1/batches', { body, headers });
    expect(replayed.id).toBe(created.id);
    expect(validated.get('createBatch')).toEqual(new Set(['201 application/json', '200 application/json']));
    const conflict = await fetchOnNewConnection(`${server.baseUrl}/api/v1/batches`, {
      method: 'POST',
      headers: { ...headers, Authorization: `Bearer ${tenants.tenantA.keys.admin}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...body, items: ['three'] }),
    });
    expect(conflict.status).toBe(409);
    expect(((await conflict.json()) as { error: unknown }).error).toMatchObject({ kind: 'conflict', field: 'idempotencyKey' });
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

  it('concurrency limits: read, set an agent limit, clear it', async () => {
    await call('getConcurrencyLimits', '/api/v1/concurrency-limits');
    await call('setConcurrencyLimit', '/api/v1/concurrency-limits', { body: { agentId: resources.agentId, maxRunningRuns: 4 } });
    await call('setConcurrencyLimit', '/api/v1/concurrency-limits', { body: { agentId: resources.agentId, maxRunningRuns: null } });
  });
}
